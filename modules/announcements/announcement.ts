import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { storage } from '#core/storage'

/**
 * Platform-wide notice. companyId records the author's company; every company
 * reads active announcements.
 */
export default class Announcement extends BaseModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare companyId: number | null
  @column() declare title: string
  @column() declare text: string
  /** 1 high, 2 medium, 3 low */
  @column() declare priority: number
  @column() declare status: boolean
  @column({ serialize: (v: string | null) => storage.url(v) }) declare mediaPath: string | null
  @column() declare mediaName: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
