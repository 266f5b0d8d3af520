import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** Spec 3 §4 plus the reference's AGENDADA: PENDENTE → AGENDADA → ENVIADA | ERRO. */
export const SCHEDULE_STATUSES = ['PENDENTE', 'AGENDADA', 'ENVIADA', 'ERRO'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]
export const REPEAT_EVERY = ['none', 'daily', 'weekly', 'monthly'] as const
export type RepeatEvery = (typeof REPEAT_EVERY)[number]

export default class Schedule extends TenantModel {
  static table = 'schedules'
  @column({ isPrimary: true }) declare id: number
  @column() declare body: string
  @column() declare contactId: number
  @column({ serializeAs: null }) declare contactName: string
  @column.dateTime() declare sendAt: DateTime
  @column.dateTime() declare sentAt: DateTime | null
  @column() declare status: ScheduleStatus
  @column() declare userId: number | null
  @column() declare whatsappId: number | null
  @column() declare openTicket: 'enabled' | 'disabled'
  @column() declare statusTicket: 'open' | 'closed'
  @column() declare queueId: number | null
  @column() declare repeatEvery: RepeatEvery
  @column() declare repeatCount: number
  /** RFC 5545 rule read from this row's sendAt (services/recurrence.ts); null when it does not repeat */
  @column() declare rrule: string | null
  @column({ serializeAs: null }) declare messageId: number | null
  @column() declare ticketId: number | null
  @column() declare error: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  /** Sent or on its way: the message exists, so the schedule no longer changes (spec 3 §4). */
  get isSent() {
    return this.sentAt !== null || this.messageId !== null || this.status === 'ENVIADA'
  }
}
