/** The inbox's contacts as other modules read them (in the caller's tenancy scope). */
import Contact from '../models/contact.js'

export interface ContactInfo {
  id: number
  name: string
  number: string
  email: string | null
  channel: string
  isGroup: boolean
  active: boolean
  disableBot: boolean
}

/** One contact of the scope's company, or null. */
export async function getContact(id: number): Promise<ContactInfo | null> {
  const c = await Contact.find(id)
  if (!c) return null
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    channel: c.channel,
    isGroup: c.isGroup,
    active: c.active,
    disableBot: c.disableBot,
  }
}
