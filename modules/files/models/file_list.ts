import { DateTime } from 'luxon'
import { column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import FileListOption from './file_list_option.js'

/** A named set of files a queue or a chatbot option sends to the contact (spec 3 §3). */
export default class FileList extends TenantModel {
  static table = 'file_lists'
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare message: string
  @column() declare userId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @hasMany(() => FileListOption, { foreignKey: 'fileListId' }) declare options: HasMany<typeof FileListOption>
}
