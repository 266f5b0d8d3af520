import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'
import type { WeekdaySchedule } from './company.js'

export default class Queue extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare color: string
  @column() declare greetingMessage: string | null
  @column() declare orderQueue: number | null
  @column() declare outOfHoursMessage: string | null
  @column() declare tempoRoteador: number
  @column() declare ativarRoteador: boolean
  @column() declare integrationId: number | null
  @column() declare fileListId: number | null
  @column() declare closeTicket: boolean
  @column({ prepare: (v) => JSON.stringify(v ?? []) }) declare schedules: WeekdaySchedule[]
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
