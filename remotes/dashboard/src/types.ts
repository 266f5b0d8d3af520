export interface Counters {
  supportHappening: number
  supportPending: number
  supportFinished: number
  avgSupportTime: number
  avgWaitTime: number
  npsPromotersPerc: number
  npsPassivePerc: number
  npsDetractorsPerc: number
  npsScore: number
  tickets: number
  waitRating: number
  withoutRating: number
  withRating: number
  percRating: number
}

export interface Attendant {
  id: number
  name: string
  online: boolean
  tickets: number
  rating: number
  countRating: number
  avgWaitTime: number
  avgSupportTime: number
}

export interface DashboardData {
  counters: Counters
  attendants: Attendant[]
  range: { from: string; to: string; timezone: string }
}

export interface Bar {
  label: string
  value: number
}

/** A ticket as the inbox's list and realtime events carry it (the fields the panel reads). */
export interface PanelTicket {
  id: number
  uuid: string
  status: string
  lastMessage: string | null
  unreadMessages: number
  updatedAt: string | null
  userId: number | null
  contact: { id: number; name: string }
  user: { id: number; name: string } | null
  queue: { id: number; name: string; color: string } | null
  whatsapp: { id: number; name: string } | null
}
