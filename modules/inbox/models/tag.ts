import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

export default class Tag extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare color: string
  @column() declare kanban: number
  @column() declare userId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
