import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const
export type IntegrationType = (typeof INTEGRATION_TYPES)[number]

/** A bot outside Balcão a connection, a queue or a chatbot option hands the conversation to. */
export default class QueueIntegration extends TenantModel {
  static table = 'queue_integrations'
  @column({ isPrimary: true }) declare id: number
  @column() declare type: IntegrationType
  @column() declare name: string
  @column() declare projectName: string | null
  /** sealed */
  @column({ serializeAs: null }) declare jsonContent: string | null
  @column() declare language: string | null
  @column({ columnName: 'url_n8n' }) declare urlN8N: string | null
  @column() declare typebotSlug: string | null
  @column() declare typebotExpires: number
  @column() declare typebotDelayMessage: number
  @column() declare typebotKeywordFinish: string | null
  @column() declare typebotKeywordRestart: string | null
  @column() declare typebotRestartMessage: string | null
  @column() declare typebotUnknownMessage: string | null
  /** sealed */
  @column({ serializeAs: null }) declare secret: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
