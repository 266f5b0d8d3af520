/** The shapes the kanban calls answer (modules/kanban). */
export interface TagRef {
  id: number
  name: string
  color: string
}

export interface Card {
  id: number
  uuid: string
  status: string
  lastMessage: string | null
  unreadMessages: number
  queueId: number | null
  userId: number | null
  updatedAt: string | null
  contact: { id: number; name: string; number: string; urlPicture?: string | null }
  queue: { id: number; name: string; color: string } | null
  user: { id: number; name: string } | null
  tags: TagRef[]
}

export interface LaneInfo {
  /** 0: the default lane (tickets without a kanban tag) */
  id: number
  name: string | null
  color: string | null
  position: number | null
  count: number
  ticketIds: number[]
  nextCursor: string | null
}

export interface BoardResponse {
  tickets: Card[]
  lanes: LaneInfo[]
}

export interface KanbanTag {
  id: number
  name: string
  color: string
  kanban: number
  position: number | null
  ticketsCount: number
}

export interface LaneChange {
  from: number[]
  to: number
  changed: boolean
  ticket: Card | null
}
