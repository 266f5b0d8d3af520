import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** An outgoing webhook of a company: a URL, the events it receives and its signing secret. */
export default class Webhook extends TenantModel {
  static table = 'messaging_api_webhooks'
  @column({ isPrimary: true }) declare id: number
  @column() declare url: string
  @column({ prepare: (v) => JSON.stringify(v ?? []) }) declare events: string[]
  // shown once to the admin who created it (and on demand to admins); never in lists
  @column({ serializeAs: null }) declare secret: string
  @column() declare active: boolean
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
