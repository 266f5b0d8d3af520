import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One recipient of a contact list; isWhatsappValid null means no channel could check it. */
export default class ContactListItem extends TenantModel {
  static table = 'contact_list_items'
  @column({ isPrimary: true }) declare id: number
  @column() declare contactListId: number
  @column() declare name: string
  @column() declare number: string
  @column() declare email: string | null
  @column() declare isWhatsappValid: boolean | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
