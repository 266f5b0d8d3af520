import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** A named set of recipients for campaigns. */
export default class ContactList extends TenantModel {
  static table = 'contact_lists'
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
