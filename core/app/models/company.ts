import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import Plan from './plan.js'

export interface WeekdaySchedule {
  weekday: string
  weekdayEn: string
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

/** The tenant. Company 1 is the platform's own company and never expires. */
export default class Company extends BaseModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare email: string | null
  @column() declare phone: string | null
  @column() declare planId: number
  @column() declare status: boolean
  @column() declare document: string | null
  @column.date({ serialize: (v: DateTime | null) => (v ? v.toISODate() : null) })
  declare dueDate: DateTime | null
  @column() declare recurrence: string | null
  @column() declare paymentMethod: string | null
  @column.dateTime() declare lastLogin: DateTime | null
  @column({ prepare: (v) => JSON.stringify(v ?? []) }) declare schedules: WeekdaySchedule[]
  @column() declare usersLimit: number | null
  @column() declare connectionsLimit: number | null
  @column() declare queuesLimit: number | null
  @column() declare timezone: string
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @belongsTo(() => Plan) declare plan: BelongsTo<typeof Plan>

  get neverExpires() {
    return this.id === 1
  }

  /** Expired when the due date is before today in the company's time zone. */
  isExpired(now: DateTime = DateTime.now()) {
    const days = this.daysLeft(now)
    return days !== null && days < 0
  }

  /**
   * Whole days from today in the company's time zone to the due date (0 = due today,
   * negative once past); null when it never expires. The browser shows this count, so
   * a browser in another zone says what the server enforces.
   */
  daysLeft(now: DateTime = DateTime.now()) {
    if (this.neverExpires || !this.dueDate) return null
    const day = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' })
    const today = now.setZone(this.timezone || 'America/Sao_Paulo').toISODate()!
    return Math.round(day(this.dueDate.toISODate()!).diff(day(today), 'days').days)
  }

  /** The due date the client sees; company 1 shows year 2999. */
  get effectiveDueDate() {
    if (this.neverExpires) return '2999-12-31'
    return this.dueDate ? this.dueDate.toISODate() : null
  }
}
