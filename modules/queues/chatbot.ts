import { DateTime } from 'luxon'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'

export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const
export type ChatbotType = (typeof CHATBOT_TYPES)[number]

/**
 * One option of a queue's bot menu. Roots have queueId; sub-options have
 * chatbotId (their parent). Options are numbered by id order in the menu.
 */
export default class Chatbot extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare queueId: number | null
  @column() declare chatbotId: number | null
  @column() declare name: string
  @column() declare queueType: ChatbotType
  @column() declare greetingMessage: string | null
  @column() declare closeTicket: boolean
  @column() declare optUserId: number | null
  @column() declare optQueueId: number | null
  @column() declare optIntegrationId: number | null
  @column() declare optFileId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @hasMany(() => Chatbot, { foreignKey: 'chatbotId' }) declare options: HasMany<typeof Chatbot>
}
