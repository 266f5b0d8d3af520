/** Shapes the server answers with (only the fields the browser uses). */
export type Enabled = 'enabled' | 'disabled'

export interface QueueRef {
  id: number
  name: string
  color: string
}

export interface SessionCompany {
  id: number
  name: string
  dueDate: string | null
  status: boolean
  planId: number
  expired: boolean
  /** days to the due date counted in the company's time zone (null: never expires); older servers omit it */
  daysLeft?: number | null
  companieSettings: Record<string, string>
}

export interface User {
  id: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  companyId: number
  startWork: string
  endWork: string
  farewellMessage: string | null
  allTicket: 'enable' | 'disable'
  allowGroup: boolean
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
  allHistoric: Enabled
  allUserChat: Enabled
  userClosePendingTicket: Enabled
  showDashboard: Enabled
  profileImage: string | null
  whatsappId: number | null
  defaultTicketsManagerWidth: number
  online?: boolean
  queues: QueueRef[]
}

export interface SessionUser extends User {
  company: SessionCompany
}

export interface AuthResponse {
  token: string
  user: SessionUser
}

/** A plan flag (useCampaigns...): declared by the server's plugins, listed by GET /modules → planFlags. */
export type PlanFlag = string

export interface PlanFlagDef {
  name: PlanFlag
  label: { pt: string; en: string; es: string }
}

export type Plan = {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  amount: number
  isPublic?: boolean
  /** every declared flag as a boolean field */
  [flag: PlanFlag]: unknown
}
