/**
 * The ticket and contact as the client reads them. Numbers are masked here,
 * on the server, when lgpdHideNumber is on and the reader is a profile user.
 */
import { companySettings } from '#core/settings'
import type Ticket from '../models/ticket.js'
import type Contact from '../models/contact.js'
import { mediaUrl } from './media_url.js'

export interface PresentOptions {
  maskNumbers: boolean
}

export function maskNumber(number: string) {
  if (number.length <= 2) return number
  return '*'.repeat(number.length - 2) + number.slice(-2)
}

/** Whether numbers must be hidden from this reader. */
export async function shouldMask(isAdmin: boolean) {
  if (isAdmin) return false
  // read fresh: a privacy switch must apply from the next request on
  return (await companySettings.get('lgpdHideNumber')) === 'enabled'
}

export function presentContact(c: Contact, o: PresentOptions) {
  const data: Record<string, any> = c.serialize()
  if (o.maskNumbers && !c.isGroup) data.number = maskNumber(c.number)
  if (c.$preloaded.extraInfo === undefined) delete data.extraInfo
  return data
}

export function presentTicket(t: Ticket, o: PresentOptions) {
  const c = t.$preloaded.contact as Contact | undefined
  return {
    id: t.id,
    uuid: t.uuid,
    status: t.status,
    channel: t.channel,
    isGroup: t.isGroup,
    isBot: t.isBot,
    lastMessage: t.lastMessage,
    fromMe: t.fromMe,
    unreadMessages: t.unreadMessages,
    useIntegration: t.useIntegration,
    integrationId: t.integrationId,
    amountUsedBotQueues: t.amountUsedBotQueues,
    companyId: t.companyId,
    contactId: t.contactId,
    whatsappId: t.whatsappId,
    queueId: t.queueId,
    userId: t.userId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    contact: c
      ? {
          id: c.id,
          name: c.name,
          number: o.maskNumbers && !c.isGroup ? maskNumber(c.number) : c.number,
          urlPicture: mediaUrl(c.urlPicture),
          channel: c.channel,
          isGroup: c.isGroup,
          active: c.active,
          disableBot: c.disableBot,
          acceptAudioMessage: c.acceptAudioMessage,
        }
      : null,
    queue: t.$preloaded.queue ? { id: t.queue.id, name: t.queue.name, color: t.queue.color } : null,
    user: t.$preloaded.user ? { id: t.user.id, name: t.user.name } : null,
    whatsapp: t.$preloaded.whatsapp
      ? {
          id: t.whatsapp.id,
          name: t.whatsapp.name,
          groupAsTicket: t.whatsapp.groupAsTicket,
          color: t.whatsapp.color,
          channel: t.whatsapp.channel,
        }
      : null,
    tags: t.$preloaded.tags ? t.tags.map((g) => ({ id: g.id, name: g.name, color: g.color })) : [],
  }
}
