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

/**
 * The calendar date (YYYY-MM-DD) at `ms` in a time zone, null for an unknown zone. Every signed-in
 * request asks it (the subscription check): one formatter per zone, its answer kept for the minute
 * (a day starts on a whole minute in every zone).
 */
const zoneDates = new Map<string, { format: Intl.DateTimeFormat | null; minute: number; date: string | null }>()
function dateIn(zone: string, ms: number) {
  let entry = zoneDates.get(zone)
  if (!entry) {
    if (zoneDates.size >= 1000) zoneDates.clear()
    let format: Intl.DateTimeFormat | null = null
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    } catch {}
    entry = { format, minute: Number.NaN, date: null }
    zoneDates.set(zone, entry)
  }
  const minute = Math.floor(ms / 60_000)
  if (entry.format && entry.minute !== minute) {
    const part = Object.fromEntries(entry.format.formatToParts(ms).map((p) => [p.type, p.value]))
    entry.date = `${part.year}-${part.month}-${part.day}`
    entry.minute = minute
  }
  return entry.date
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
    const today = dateIn(this.timezone || 'America/Sao_Paulo', now.toMillis())
    const due = this.dueDate.toISODate()
    if (!today || !due) return null
    return Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
  }

  /** The due date the client sees; company 1 shows year 2999. */
  get effectiveDueDate() {
    if (this.neverExpires) return '2999-12-31'
    return this.dueDate ? this.dueDate.toISODate() : null
  }
}
