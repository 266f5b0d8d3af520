/** A connection as GET /whatsapp answers it (modules/connections/services/connection_presenter.ts). */
import type { WeekdaySchedule } from '@balcao/ui/core'

export type { WeekdaySchedule }
export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT'
/** a channel id declared by a channel manifest on the server (GET /modules lists them) */
export type Channel = string

export interface Localized {
  pt: string
  en: string
  es: string
}

/** One field of a channel's settings tab (the manifest's fields, core/public/module.ts). */
export interface ChannelFieldDef {
  name: string
  type: 'text' | 'url' | 'password' | 'select'
  label: Localized
  required: boolean
  help: Localized | null
  options: { value: string; label: Localized }[]
}

/** A sign-in that creates the channel's connections instead of the dialog (core ChannelConnectFlow). */
export interface ChannelConnect {
  kind: 'facebook-login'
  endpoint: string
  params?: Record<string, unknown>
  appId?: string
  version?: string
  scope?: string
}

/** A channel the company's plan offers, as GET /modules lists it. */
export interface ChannelDef {
  name: string
  feature: string | null
  label: Localized
  icon: string
  color: string | null
  fields: ChannelFieldDef[]
  connect?: ChannelConnect | null
  /** GET route (with :whatsappId) of code the dialog shows to copy, e.g. the website chat's tag */
  snippet?: string | null
  /** its session signs in from a phone (WhatsApp): a disconnected connection offers a new QR code */
  qrLogin?: boolean
}

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
  /** the channel's declared settings, secrets left out (admins only) */
  channelSettings?: Record<string, unknown>
  /** which secret (password) fields of the channel are set */
  channelSecrets?: Record<string, boolean>
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
