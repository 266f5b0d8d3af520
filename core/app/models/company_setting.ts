import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

export default class CompanySetting extends TenantModel {
  static table = 'company_settings'
  @column({ isPrimary: true }) declare key: string
  @column() declare value: string
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
