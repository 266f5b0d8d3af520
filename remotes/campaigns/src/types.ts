export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA'

export interface Counters {
  valid: number
  pending: number
  delivered: number
  read: number
  failed: number
  confirmationRequested: number
  /** the confirmation questions' own acks */
  confirmationDelivered: number
  confirmationRead: number
  confirmed: number
  optedOut: number
  skipped: number
}

export interface Campaign {
  id: number
  name: string
  message1: string | null
  message2: string | null
  message3: string | null
  message4: string | null
  message5: string | null
  confirmationMessage1: string | null
  confirmationMessage2: string | null
  confirmationMessage3: string | null
  confirmationMessage4: string | null
  confirmationMessage5: string | null
  status: CampaignStatus
  confirmation: boolean
  scheduledAt: string | null
  completedAt: string | null
  contactListId: number | null
  tagListId: number | null
  whatsappId: string | null
  userId: number | null
  queueId: number | null
  statusTicket: 'open' | 'closed'
  openTicket: 'enabled' | 'disabled'
  skipAgentTickets: boolean
  mediaPath: string | null
  mediaName: string | null
  whatsapp: { id: number; name: string } | null
  contactList: { id: number; name: string } | null
  counters: Counters
}

export interface Shipping {
  id: number
  number: string
  name: string
  status: 'pending' | 'confirming' | 'queued' | 'delivered' | 'failed' | 'cancelled' | 'opted_out' | 'skipped'
  deliveredAt: string | null
  readAt: string | null
  failedAt: string | null
}

export interface CampaignRecord extends Campaign {
  shipping: Shipping[]
}

export interface ContactList {
  id: number
  name: string
  contactsCount: number
}

export interface ContactListItem {
  id: number
  contactListId: number
  name: string
  number: string
  email: string | null
  isWhatsappValid: boolean | null
}

export interface CampaignSettings {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  startHour: string
  endHour: string
  sabado: boolean
  domingo: boolean
  variables: { key: string; value: string }[]
  optOutKeywords: string[]
  dailyLimit: number
}

/** Spec 3 §4: editable when INATIVA, or PROGRAMADA more than one hour ahead (the server decides too). */
export function isEditable(c: Pick<Campaign, 'status' | 'scheduledAt'>, now = Date.now()) {
  if (c.status === 'INATIVA') return true
  return c.status === 'PROGRAMADA' && !!c.scheduledAt && new Date(c.scheduledAt).getTime() - now > 3600_000
}

export const MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const
