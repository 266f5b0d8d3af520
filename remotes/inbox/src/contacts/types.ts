/** Shapes of the contact, tag and import answers (modules/inbox controllers and presenters). */
export interface ContactTag {
  id: number
  name: string
  color: string
  kanban?: number
}

export interface ExtraInfo {
  id?: number
  name: string
  value: string
}

export interface Contact {
  id: number
  name: string
  /** masked ('*********99') when the company hides numbers from this reader */
  number: string
  email: string | null
  urlPicture: string | null
  active: boolean
  disableBot: boolean
  acceptAudioMessage: boolean
  isGroup: boolean
  channel: string
  lgpdAcceptedAt: string | null
  createdAt: string
  extraInfo?: ExtraInfo[]
  tags?: ContactTag[]
}

export interface ContactsPage {
  contacts: Contact[]
  count: number
  hasMore: boolean
}

export interface ImportRowResult {
  row: number
  status: 'created' | 'duplicate' | 'invalid'
  id?: number
  number?: string
  error?: 'number' | 'name' | 'email'
}

export interface ImportAnswer {
  /** the import job; a long import answers 202 and is followed by GET /contacts/import/:id */
  importId?: string
  status?: 'queued' | 'running' | 'done' | 'failed'
  error?: string
  total: number
  created: number
  results: ImportRowResult[]
}

/** GET /whatsapp (only the fields used here) */
export interface Connection {
  id: number
  name: string
  channel: string
  status: string
}

/** A channel the plan offers, as GET /modules lists it (from the channel's manifest). */
export interface ChannelOption {
  name: string
  label: { pt: string; en: string; es: string }
}

/** Connections a contact of this channel can be reached through. */
export function connectionsFor(contactChannel: string, connections: Connection[]) {
  const family = (c: string) => (c === 'facebook' || c === 'instagram' ? c : 'whatsapp')
  return connections.filter((w) => family(w.channel) === family(contactChannel || 'whatsapp'))
}
