import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One NPS answer (0–10) of a ticket's contact, for the dashboard's assessments. */
export default class Rating extends TenantModel {
  static table = 'ratings'

  @column({ isPrimary: true }) declare id: number
  @column() declare ticketId: number
  @column() declare userId: number | null
  @column() declare rate: number
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
}
