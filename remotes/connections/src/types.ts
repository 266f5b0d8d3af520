/** A connection as GET /whatsapp answers it (modules/connections/services/connection_presenter.ts). */
import type { WeekdaySchedule } from '@balcao/ui'

export type { WeekdaySchedule }
export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT'
export type Channel = 'whatsapp' | 'facebook' | 'instagram' | 'api'

export interface ConnectionHealth {
  lastConnectedAt: string | null
  lastDisconnectedAt: string | null
  lastMessageAt: string | null
  reconnectCount: number
  lastError: string | null
  /** inbound events that failed every attempt */
  failedEvents?: number
}

export interface Connection {
  id: number
  companyId: number
  name: string
  channel: Channel
  number: string | null
  status: ConnectionStatus | string
  qrcode?: string | null
  isDefault: boolean
  allowGroup: boolean
  groupAsTicket: 'enabled' | 'disabled'
  token?: string
  greetingMessage: string | null
  complationMessage: string | null
  outOfHoursMessage: string | null
  collectiveVacationMessage: string | null
  collectiveVacationStart: string | null
  collectiveVacationEnd: string | null
  importOldMessages: boolean
  importOldMessagesDate: string | null
  importRecentMessages: string | null
  importOldMessagesGroups: boolean
  closedTicketsPostImported: boolean
  statusImportMessages: string | null
  sendIdQueue: number | null
  timeSendQueue: number
  integrationId: number | null
  promptId: number | null
  timeCreateNewTicket: number
  maxUseBotQueues: number
  timeUseBotQueues: string
  expiresTicket: number
  whenExpiresTicket: number
  expiresInactiveMessage: string | null
  timeInactiveMessage: number
  inactiveMessage: string | null
  ratingMessage: string | null
  maxUseBotQueuesNPS: number
  expiresTicketNPS: number
  provider: string
  color: string | null
  schedules: WeekdaySchedule[]
  queueIds?: number[]
  updatedAt: string
  health?: ConnectionHealth
  greetingMediaUrl?: string | null
  greetingMediaName?: string | null
}

/** GET /whatsapp/all */
export interface CompanyCount {
  companyId: number
  name: string
  connected: number
  disconnected: number
  total: number
}

/** statusImportMessages value that shows the close-imported-tickets button (reference §10) */
export const CLOSE_BUTTON = 'renderButtonCloseTickets'
/** spec 2 §9: the import-ready window */
export const IMPORT_PREPARING_MS = 35_000
export const QR_SIZE = 300

/** A badge in the side menu is due for any of these (spec 2 §2). */
export const NEEDS_ATTENTION = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']
