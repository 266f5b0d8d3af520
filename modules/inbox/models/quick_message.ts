import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'
import { storage } from '#core/storage'

export default class QuickMessage extends TenantModel {
  static table = 'quick_messages'
  @column({ isPrimary: true }) declare id: number
  @column() declare userId: number | null
  @column() declare shortcode: string
  @column() declare message: string
  @column() declare geral: boolean
  @column() declare visao: boolean
  @column() declare status: boolean
  @column({ serialize: (v: string | null) => storage.url(v) }) declare mediaPath: string | null
  @column() declare mediaName: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  get isMedia() {
    return Boolean(this.mediaPath)
  }
}
