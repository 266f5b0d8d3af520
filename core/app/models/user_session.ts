import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One signed-in device. Revoking it ends its access and refresh tokens. */
export default class UserSession extends BaseModel {
  static selfAssignPrimaryKey = true
  @column({ isPrimary: true }) declare id: string
  @column() declare userId: number
  @column() declare companyId: number
  @column() declare userAgent: string | null
  @column() declare ip: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime() declare lastUsedAt: DateTime
  @column.dateTime() declare revokedAt: DateTime | null
  @column() declare revokedReason: string | null
}
