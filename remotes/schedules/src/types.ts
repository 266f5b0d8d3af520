/** A schedule as GET /schedules sends it (spec 3 §3). */
export type ScheduleStatus = 'PENDENTE' | 'AGENDADA' | 'ENVIADA' | 'ERRO'
export type RepeatEvery = 'none' | 'daily' | 'weekly' | 'monthly'

export interface Schedule {
  id: number
  body: string
  contactId: number
  contact: { id: number; name: string; number?: string } | null
  sendAt: string
  sentAt: string | null
  status: ScheduleStatus
  userId: number | null
  user: { id: number; name: string } | null
  whatsappId: number | null
  openTicket: 'enabled' | 'disabled'
  statusTicket: 'open' | 'closed'
  queueId: number | null
  repeatEvery: RepeatEvery
  /** the sends left, this one included */
  repeatCount: number
  /** RFC 5545 rule read from sendAt (the server's services/recurrence.ts) */
  rrule?: string | null
  /** weekly: the days it goes out (MO…SU) */
  repeatWeekdays?: Weekday[]
  /** ending on a date: the last day (yyyy-MM-dd) */
  repeatUntil?: string | null
  error: string | null
}

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** A later send of a recurring schedule, projected by GET /schedules for the visible range. */
export interface Occurrence {
  scheduleId: number
  sendAt: string
  body: string
  contact: { id: number; name: string }
}

/** spec 3 §4: a schedule already sent (sentAt set) is shown read-only */
export const isSent = (s: Pick<Schedule, 'sentAt' | 'status'>) => s.sentAt !== null || s.status === 'ENVIADA'

export const STATUS_COLOR: Record<ScheduleStatus, 'informative' | 'warning' | 'success' | 'danger'> = {
  PENDENTE: 'informative',
  AGENDADA: 'warning',
  ENVIADA: 'success',
  ERRO: 'danger',
}
