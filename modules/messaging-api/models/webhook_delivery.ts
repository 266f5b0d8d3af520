import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One event sent (or being sent) to one webhook: the delivery log row. */
export default class WebhookDelivery extends TenantModel {
  static table = 'messaging_api_deliveries'
  @column({ isPrimary: true }) declare id: number
  @column() declare webhookId: number
  @column() declare event: string
  @column({ prepare: (v) => JSON.stringify(v ?? {}) }) declare payload: Record<string, unknown>
  @column() declare status: 'pending' | 'success' | 'failed'
  @column() declare attempts: number
  @column() declare responseCode: number | null
  @column() declare lastError: string | null
  @column() declare round: number
  @column.dateTime() declare deliveredAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
