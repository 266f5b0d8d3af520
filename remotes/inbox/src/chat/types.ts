/** Shapes the chat reads from the inbox API (messages serializer, notes, contacts, quick messages). */
export interface ChatMessage {
  id: number
  ticketId: number
  contactId: number | null
  userId: number | null
  body: string
  fromMe: boolean
  mediaType: string | null
  mediaUrl: string | null
  mediaName: string | null
  /** inbound media still being downloaded into storage by the server */
  mediaPending?: boolean
  quotedMsgId: number | null
  quotedMsg?: ChatMessage | null
  isPrivate: boolean
  isForwarded: boolean
  isDeleted: boolean
  isEdited: boolean
  ack: number
  read?: boolean
  sendError?: string | null
  participant?: string | null
  createdAt: string
  updatedAt?: string
  contact?: { id: number; name: string; number: string; isGroup?: boolean } | null
}

export interface MessagesPage {
  messages: ChatMessage[]
  count: number
  hasMore: boolean
}

export interface TicketNote {
  id: number
  note: string
  ticketId: number | null
  contactId: number
  userId: number | null
  createdAt: string
  user: { id: number; name: string } | null
}

export interface ContactDetails {
  id: number
  name: string
  number: string
  email: string | null
  urlPicture: string | null
  active: boolean
  disableBot: boolean
  acceptAudioMessage: boolean
  isGroup: boolean
  channel: string
  extraInfo?: { id: number; name: string; value: string }[]
  tags?: { id: number; name: string; color: string }[]
}

export interface ContactTag {
  id: number
  name: string
  color: string
  kanban?: number
}

export interface QuickMessage {
  id: number
  shortcode: string
  message: string
  mediaPath: string | null
  mediaName: string | null
  isMedia: boolean
}
