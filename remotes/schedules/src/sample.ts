/** Sample schedules for the stories (a fixed week around today). */
import type { Occurrence, Schedule } from './types.js'

const at = (dayOffset: number, hour: number, minute = 0) => {
  const d = new Date()
  d.setDate(d.getDate() + dayOffset)
  d.setHours(hour, minute, 0, 0)
  return d.toISOString()
}

const base: Omit<Schedule, 'id' | 'body' | 'sendAt' | 'status' | 'contact' | 'contactId'> = {
  sentAt: null,
  userId: 7,
  user: { id: 7, name: 'Marcos' },
  whatsappId: null,
  openTicket: 'disabled',
  statusTicket: 'closed',
  queueId: null,
  repeatEvery: 'none',
  repeatCount: 1,
  error: null,
}

export const sampleSchedules: Schedule[] = [
  {
    ...base,
    id: 1,
    body: 'Olá {{firstName}}, sua consulta é amanhã às 10h.',
    sendAt: at(-1, 9),
    sentAt: at(-1, 9),
    status: 'ENVIADA',
    contactId: 10,
    contact: { id: 10, name: 'Ana Lima' },
  },
  {
    ...base,
    id: 2,
    body: 'Lembrete: o boleto vence hoje.',
    sendAt: at(0, 10, 30),
    status: 'AGENDADA',
    contactId: 11,
    contact: { id: 11, name: 'Bruno Reis' },
  },
  {
    ...base,
    id: 3,
    body: 'Seu pedido saiu para entrega.',
    sendAt: at(1, 14),
    status: 'ERRO',
    error: 'ERR_SCHEDULE_NO_CONNECTION',
    contactId: 12,
    contact: { id: 12, name: 'Carla Dias' },
  },
  {
    ...base,
    id: 4,
    body: 'Tome o remédio das 8h.',
    sendAt: at(2, 8),
    status: 'AGENDADA',
    repeatEvery: 'daily',
    repeatCount: 5,
    rrule: 'FREQ=DAILY',
    contactId: 13,
    contact: { id: 13, name: 'Diego Alves' },
  },
  {
    ...base,
    id: 5,
    body: 'Reunião de equipe na segunda e na quarta.',
    sendAt: at(3, 9, 30),
    status: 'AGENDADA',
    repeatEvery: 'weekly',
    repeatCount: 6,
    rrule: 'FREQ=WEEKLY;BYDAY=MO,WE',
    repeatWeekdays: ['MO', 'WE'],
    contactId: 13,
    contact: { id: 13, name: 'Diego Alves' },
  },
]

/** the later sends of sample 4 (daily, 5 in all) as GET /schedules projects them */
export const sampleOccurrences: Occurrence[] = [3, 4, 5, 6].map((day) => ({
  scheduleId: 4,
  sendAt: at(day, 8),
  body: 'Tome o remédio das 8h.',
  contact: { id: 13, name: 'Diego Alves' },
}))
