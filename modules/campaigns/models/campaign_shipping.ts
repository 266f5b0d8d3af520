import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One recipient of a running campaign: written before its send, settled by the message's acks. */
export default class CampaignShipping extends TenantModel {
  static table = 'campaign_shippings'
  @column({ isPrimary: true }) declare id: number
  @column() declare campaignId: number
  @column() declare contactListItemId: number | null
  @column() declare number: string
  @column() declare name: string
  @column() declare email: string | null
  @column() declare whatsappId: number
  @column() declare status:
    'pending' | 'confirming' | 'queued' | 'delivered' | 'failed' | 'cancelled' | 'opted_out' | 'skipped'
  @column() declare message: string | null
  @column() declare messageId: number | null
  @column({ serializeAs: null }) declare confirmationMessageId: number | null
  @column() declare error: string | null
  @column.dateTime() declare sentAt: DateTime | null
  @column.dateTime() declare deliveredAt: DateTime | null
  @column.dateTime() declare readAt: DateTime | null
  @column.dateTime() declare failedAt: DateTime | null
  @column.dateTime() declare confirmationRequestedAt: DateTime | null
  @column.dateTime() declare confirmationDeliveredAt: DateTime | null
  @column.dateTime() declare confirmationReadAt: DateTime | null
  @column.dateTime() declare confirmedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
