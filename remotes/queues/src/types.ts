/** Shapes of the queues API (modules/queues: GET /queue, PUT /queue/:id). */
import type { WeekdaySchedule } from '@balcao/ui'

// the chatbot tree's shapes live in a file without imports, so its logic has unit tests (tests/unit)
import type { ChatbotOption } from './chatbotOption.js'

export { CHATBOT_TYPES, type ChatbotType, type ChatbotOption } from './chatbotOption.js'

/** Rotation minutes of spec 2 §9 (0 = off on the server side). */
export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60] as const

export type Schedule = WeekdaySchedule

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
