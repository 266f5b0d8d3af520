/** Shapes of the queues API (modules/queues: GET /queue, PUT /queue/:id). */
import type { WeekdaySchedule } from '@balcao/ui'

export const CHATBOT_TYPES = ['text', 'attendent', 'queue', 'integration', 'file'] as const
export type ChatbotType = (typeof CHATBOT_TYPES)[number]

/** Rotation minutes of spec 2 §9 (0 = off on the server side). */
export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60] as const

export type Schedule = WeekdaySchedule

export interface ChatbotOption {
  id?: number
  name: string
  queueType: ChatbotType
  greetingMessage: string | null
  closeTicket: boolean
  optUserId: number | null
  optQueueId: number | null
  optIntegrationId: number | null
  optFileId: number | null
  options: ChatbotOption[]
}

export interface Queue {
  id: number
  name: string
  color: string
  greetingMessage: string | null
  orderQueue: number | null
  outOfHoursMessage: string | null
  tempoRoteador: number
  ativarRoteador: boolean
  integrationId: number | null
  fileListId: number | null
  closeTicket: boolean
  schedules: Schedule[]
  chatbots: ChatbotOption[]
}

/** An option source for the dialog's selects (users, queues, integrations, file lists). */
export interface NamedRef {
  id: number
  name: string
}
