import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One file of a list: its caption (name) and the stored file (path is the private storage key). */
export default class FileListOption extends TenantModel {
  static table = 'file_list_options'
  @column({ isPrimary: true }) declare id: number
  @column() declare fileListId: number
  @column() declare name: string
  @column({ serializeAs: null }) declare path: string | null
  @column() declare fileName: string | null
  @column() declare mediaType: string | null
  @column() declare mime: string | null
  @column() declare size: number | null
  @column() declare position: number
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
