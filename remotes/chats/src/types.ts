/** The internal chat as the server sends it (spec 3 §3). */
export interface ChatMember {
  userId: number
  unreads: number
  /** muted by this member: notified only when mentioned */
  muted?: boolean
  user: { id: number; name: string }
}

export interface Chat {
  id: number
  uuid: string
  title: string
  ownerId: number | null
  lastMessage: string | null
  updatedAt: string
  users: ChatMember[]
}

export interface ChatMessage {
  id: number
  chatId: number
  senderId: number | null
  sender: { id: number; name: string } | null
  message: string
  mentions: number[]
  createdAt: string
  /** set once the sender edited it */
  editedAt?: string | null
  /** a shared ticket (its page /tickets/{uuid}); the contact's name only when the reader may see it */
  ticket?: { id: number; uuid: string; contactName?: string } | null
}

export const unreadsOf = (chat: Chat, userId: number | undefined) =>
  chat.users.find((u) => u.userId === userId)?.unreads ?? 0

/** spec 3 §9: older messages load when the list is scrolled within 600 px of its top */
export const OLDER_PAGE_THRESHOLD_PX = 600
/** spec 3 §9: wide layout from md up */
export const WIDE_LAYOUT = '(min-width: 960px)'
