/** Shapes of the page's calls (see modules/messaging-api). */
export interface ApiConnection {
  id: number
  name: string
  channel: string
  status: string
  isDefault: boolean
  token: string
}

export interface UsageRow {
  day: string
  whatsappId: number
  name: string
  requests: number
  sent: number
  failed: number
  limited: number
}

export interface Usage {
  rows: UsageRow[]
  today: { requests: number; sent: number; failed: number; limited: number }
  limits: { perMinute: number; maxFiles: number; maxFileMb: number; idempotencyHours: number }
}

export const WEBHOOK_EVENTS = ['message.received', 'message.status', 'ticket.created', 'ticket.closed'] as const

export interface WebhookRow {
  id: number
  url: string
  events: string[]
  active: boolean
}

export interface DeliveryRow {
  id: number
  event: string
  status: 'pending' | 'success' | 'failed'
  attempts: number
  responseCode: number | null
  lastError: string | null
  createdAt: string
}
