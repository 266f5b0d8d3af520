/** Shapes the inbox API answers (see modules/inbox/services/ticket_presenter.ts and the message serializer). */
export type TicketStatus = 'open' | 'pending' | 'closed' | 'group' | 'lgpd' | 'nps'

export interface TicketTag {
  id: number
  name: string
  color: string
}

export interface Ticket {
  id: number
  uuid: string
  status: TicketStatus
  channel: string
  isGroup: boolean
  isBot: boolean
  lastMessage: string | null
  fromMe: boolean
  unreadMessages: number
  useIntegration?: boolean
  integrationId?: number | null
  amountUsedBotQueues?: number
  companyId: number
  contactId: number
  whatsappId: number | null
  queueId: number | null
  userId: number | null
  createdAt: string
  updatedAt: string
  contact: {
    id: number
    name: string
    number: string
    urlPicture: string | null
    channel: string
    isGroup: boolean
    active: boolean
    disableBot: boolean
    acceptAudioMessage: boolean
  } | null
  queue: { id: number; name: string; color: string } | null
  user: { id: number; name: string } | null
  whatsapp: { id: number; name: string; groupAsTicket: string; color: string; channel: string } | null
  tags: TicketTag[]
}

/** GET /tickets answer (40 per page). */
export interface TicketPage {
  tickets: Ticket[]
  count: number
  /** more rows than `count` match: the server counts exactly only up to a cap */
  countCapped?: boolean
  hasMore: boolean
  /** continues after this page's last row (keyset): rows that left the list meanwhile shift nothing */
  nextCursor?: string | null
}

/** The lists of the workspace: tabs Open / Pending / Group and the Closed and Search views. */
export type TicketListKind = 'open' | 'pending' | 'group' | 'closed' | 'search'

/** GET /tickets-log/{id} rows. */
export interface TicketLogEntry {
  id: number
  type: string
  ticketId: number
  createdAt: string
  user: { id: number; name: string } | null
  queue: { id: number; name: string } | null
}

/** GET /queue rows (only what the workspace reads). */
export interface QueueOption {
  id: number
  name: string
  color: string
}

/** GET /whatsapp rows (only what the workspace reads). */
export interface ConnectionOption {
  id: number
  name: string
  channel: string
  status?: string
  isDefault?: boolean
  color?: string | null
}

/** GET /tags/list rows. */
export interface TagOption {
  id: number
  name: string
  color: string
  kanban?: number
}

/** GET /contacts rows (the new-ticket search and the contact filter). */
export interface ContactOption {
  id: number
  name: string
  number: string
  channel?: string
  isGroup?: boolean
}

/** The live ticket carried by a 409 ERR_OTHER_OPEN_TICKET / ERR_TICKET_ALREADY_ACCEPTED answer. */
export interface ConflictTicket {
  id: number
  uuid?: string
  status?: string
  userId: number | null
  queueId?: number | null
  user: { id: number; name: string } | null
  queue?: { id: number; name: string } | null
}
