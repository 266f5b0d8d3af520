import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** Extra info of a contact; reached only through its (tenant-scoped) contact. */
export default class ContactCustomField extends BaseModel {
  static table = 'contact_custom_fields'
  @column({ isPrimary: true }) declare id: number
  @column({ serializeAs: null }) declare contactId: number
  @column() declare name: string
  @column() declare value: string
  @column.dateTime({ autoCreate: true, serializeAs: null }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true, serializeAs: null }) declare updatedAt: DateTime
}
