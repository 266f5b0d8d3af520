/**
 * What an agent does with messages (the logic behind messages_controller):
 * the history page, composing and sending, delete, edit, react, forward, the
 * sent count. The controller validates the request and checks who may see
 * the ticket; these functions do the work and emit the realtime events.
 */
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { storage } from '#core/storage'
import { prepared } from '#core/prepared'
import { prefixedColumns, serializeRow } from '#core/serialize_row'
import { tenancy, tenantTable } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { outbox } from '#core/pipeline'
import { assertCanSendFreeForm, assertCanSendThrough } from '#core/channels'
import { realtime } from '#core/realtime'
import type { User } from '#core/models'
import Message from '../models/message.js'
import Ticket from '../models/ticket.js'
import Contact from '../models/contact.js'
import { audienceOf, canSee, scopeTickets, type Viewer } from './viewer.js'
import { ticketViews } from './ticket_views.js'
import { markTicketRead } from './read_state.js'
import { sendOutgoing, storeOutgoing, type NewOutgoing } from './outgoing.js'
import { emitMessage } from './message_events.js'
import { emitTicketUpdate } from './ticket_events.js'
import { insertTicketIfNone } from './find_or_create_ticket.js'
import { otherOpenTicketError } from './ticket_conflict.js'
import { loadTicket } from './ticket_loader.js'
import { maskNumber } from './ticket_presenter.js'

export const MESSAGES_PAGE_SIZE = 20
/** the messages count is exact up to this */
export const MESSAGES_COUNT_CAP = 1000
const MEDIA_EXT = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'wav',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'zip',
]

/** By extension; a recorder's audio-only webm/mp4 says what it is in its content type. */
function mediaTypeOf(ext: string, contentType = '') {
  if (contentType.startsWith('audio/')) return 'audio'
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'image'
  if (['mp4', 'webm', 'mov'].includes(ext)) return 'video'
  if (['mp3', 'ogg', 'oga', 'opus', 'm4a', 'wav'].includes(ext)) return 'audio'
  return 'document'
}

function vcard(name: string, number: string) {
  const digits = number.replace(/\D/g, '')
  return `BEGIN:VCARD\nVERSION:3.0\nN:;${name};;;\nFN:${name}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`
}

/**
 * GET /messages/:ticketId: 20 per page, newest page first, merged with the
 * earlier tickets of the same contact + connection. Two statements: the
 * ticket as the list shows it (visibility decided on it), then the page with
 * its quoted messages, contacts and count. Reading an open chat with unread
 * messages marks it read (a write, only then).
 */
export async function messagePage(ticketId: number, viewer: Viewer, mask: boolean, page: number) {
  const [ticket] = await ticketViews([ticketId], mask)
  if (!ticket || !canSee(viewer, ticket)) throw new AppError('ERR_NO_TICKET_FOUND', 404)
  const history = tenantTable('tickets as h')
    .select('h.id')
    .where('h.contact_id', ticket.contactId)
    .whereRaw('coalesce(h.whatsapp_id, 0) = ?', [ticket.whatsappId ?? 0])
    .where('h.is_group', ticket.isGroup)
    .where('h.id', '<=', ticket.id)
  if (!viewer.allHistoric) scopeTickets(history, viewer, true, 'h')
  const inHistory = () => tenantTable('messages as m').whereIn('m.ticket_id', history.clone())
  const counted = inHistory()
    .select(db.raw('1'))
    .limit(MESSAGES_COUNT_CAP + 1)
    .toSQL()
  const pageRows = inHistory()
    .select(prefixedColumns(Message, 'm'))
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset((page - 1) * MESSAGES_PAGE_SIZE)
    .limit(MESSAGES_PAGE_SIZE + 1)
    .toSQL()
  const companyId = tenancy.requireCompanyId()
  // a ticket's history by key whatever the values: planned once per connection (planning took 2.2 ms
  // of a 0.2 ms execution)
  const result = await prepared(
    db.rawQuery(
      `SELECT n.total, p.*, ${prefixedColumns(Message, 'q').join(', ')}, ${prefixedColumns(Contact, 'c').join(', ')}
       FROM (SELECT count(*) AS total FROM (${counted.sql}) x) n
       LEFT JOIN LATERAL (${pageRows.sql}) p ON true
       LEFT JOIN messages q ON q.id = p.m__quoted_msg_id AND q.company_id = ?
       LEFT JOIN contacts c ON c.id = p.m__contact_id AND c.company_id = ?
      ORDER BY p.m__created_at DESC, p.m__id DESC`,
      [...counted.bindings, ...pageRows.bindings, companyId, companyId] as any[]
    )
  )
  const found = result.rows.filter((r: any) => r.m__id !== null)
  if ((ticket.status === 'open' || ticket.status === 'group') && ticket.unreadMessages > 0) {
    await markTicketRead(await loadTicket(ticket.id))
    ticket.unreadMessages = 0
  }
  const total = Number(result.rows[0]?.total ?? 0)
  // serialized straight from the rows, as the models would (#core/serialize_row)
  const messages = found.slice(0, MESSAGES_PAGE_SIZE).map((r: any) => {
    const contact = r.c__id === null ? null : serializeRow(Contact, r, {}, 'c__')
    if (contact && mask && !contact.isGroup) contact.number = maskNumber(String(contact.number))
    const quotedMsg = r.q__id === null ? null : serializeRow(Message, r, {}, 'q__')
    return serializeRow(Message, r, { quotedMsg, contact }, 'm__')
  })
  return {
    messages: messages.reverse(),
    ticket,
    count: Math.min(total, MESSAGES_COUNT_CAP),
    hasMore: found.length > MESSAGES_PAGE_SIZE,
  }
}

export interface AgentMessage {
  body?: string
  read?: boolean
  isPrivate?: boolean
  mediaUrl?: string | null
  vCard?: { name: string; number: string } | null
  quotedMsg?: { id: number } | null
}

/** { read: true } alone: the agent saw the new messages of an open chat. */
export function isReadOnly(data: AgentMessage, files: MultipartFile[]) {
  return Boolean(data.read && !data.body?.trim() && !files.length && !data.mediaUrl && !data.vCard)
}

/** An agent's message (text, files, hosted media or a contact card): stored, queued, announced. */
export async function sendAgentMessage(ticket: Ticket, data: AgentMessage, files: MultipartFile[], me: User) {
  const isPrivate = Boolean(data.isPrivate)
  const live = ['open', 'group'].includes(ticket.status)
  if (!live && !(isPrivate && ['pending', 'open', 'group'].includes(ticket.status))) {
    throw new AppError('ERR_TICKET_NOT_OPEN', 422)
  }
  if (!isPrivate && !ticket.whatsappId) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 422)
  // after a plan downgrade, a connection of a channel the plan no longer offers sends nothing
  if (!isPrivate) await assertCanSendThrough(tenancy.requireCompanyId(), ticket.whatsappId)
  // the channel may refuse free-form messages now (Meta's 24-hour window): before anything is stored
  if (!isPrivate) {
    const contact = ticket.contact ?? (await Contact.find(ticket.contactId))
    await assertCanSendFreeForm(tenancy.requireCompanyId(), ticket.whatsapp ?? ticket.whatsappId, contact)
  }

  let quotedMsgId: number | null = null
  if (data.quotedMsg?.id) {
    const quoted = await Message.query().where('id', data.quotedMsg.id).where('contact_id', ticket.contactId).first()
    if (!quoted) throw new AppError('ERR_NO_MESSAGE_FOUND', 422)
    quotedMsgId = quoted.id
  }
  const body = (data.body ?? '').trim()
  const out: NewOutgoing[] = []
  if (files.length) {
    for (const [i, file] of files.entries()) {
      const saved = await storage.save(file, tenancy.requireCompanyId(), `messages/${ticket.id}`, MEDIA_EXT)
      out.push({
        body: i === 0 ? body : '',
        userId: me.id,
        mediaType: mediaTypeOf((file.extname ?? '').toLowerCase(), String(file.headers?.['content-type'] ?? '')),
        mediaUrl: saved.key,
        mediaName: saved.name,
        quotedMsgId: i === 0 ? quotedMsgId : null,
        isPrivate,
      })
    }
  } else if (data.mediaUrl) {
    // media already hosted elsewhere: the channel fetches it, we keep the link
    if (!/^https:\/\/[^\s]+$/i.test(data.mediaUrl)) {
      throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'mediaUrl', rule: 'url', message: 'url' }] })
    }
    const ext = (new URL(data.mediaUrl).pathname.split('.').pop() ?? '').toLowerCase()
    out.push({
      body,
      userId: me.id,
      mediaType: mediaTypeOf(ext),
      mediaUrl: data.mediaUrl,
      mediaName: new URL(data.mediaUrl).pathname.split('/').pop()?.slice(0, 255) || null,
      quotedMsgId,
      isPrivate,
    })
  } else if (data.vCard) {
    out.push({
      body: vcard(data.vCard.name, data.vCard.number),
      userId: me.id,
      mediaType: 'contactMessage',
      isPrivate,
    })
  } else {
    if (!body)
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'body', rule: 'required', message: 'required' }],
      })
    out.push({ body, userId: me.id, quotedMsgId, isPrivate })
  }
  const messages = await sendOutgoing(ticket, out)
  // a message moves the preview, never the status, agent or queue: `before` tells the listeners so
  if (!isPrivate) await emitTicketUpdate(ticket, ticket)
  return messages
}

/** Own messages only; private notes are removed, others flagged isDeleted (lgpdDeleteMessage erases the text). */
export async function deleteMessage(message: Message, ticket: Ticket, me: User) {
  if (!message.fromMe || (message.userId !== me.id && !(message.userId === null && me.isAdmin))) {
    throw new AppError('ERR_NO_PERMISSION', 403)
  }
  if (message.isPrivate) {
    const data = message.serialize()
    await message.delete()
    realtime.toUsers(tenancy.requireCompanyId(), await audienceOf(ticket), 'appMessage', {
      action: 'delete',
      message: data,
    })
    return { message: 'deleted' }
  }
  const erase =
    (await companySettings.get('lgpdDeleteMessage')) === 'enabled' &&
    (await companySettings.get('enableLGPD')) === 'enabled'
  if (ticket.whatsappId) await assertCanSendThrough(tenancy.requireCompanyId(), ticket.whatsappId)
  message.isDeleted = true
  if (erase) message.body = '🚫 _Mensagem Apagada_'
  await message.save()
  if (ticket.whatsappId) {
    await outbox.enqueue(tenancy.requireCompanyId(), message.id, ticket.whatsappId, { op: 'delete', version: 'once' })
  }
  await emitMessage('update', message.id, ticket)
  return message.serialize()
}

/** An agent edits their own text message; the channel gets the edit through the outbox. */
export async function editMessage(message: Message, ticket: Ticket, body: string, me: User) {
  if (!message.fromMe || message.userId !== me.id) throw new AppError('ERR_NO_PERMISSION', 403)
  if (message.isDeleted || message.mediaUrl) throw new AppError('ERR_EDIT_WAPP_MSG', 422)
  if (ticket.whatsappId) await assertCanSendThrough(tenancy.requireCompanyId(), ticket.whatsappId)
  message.merge({ body, isEdited: true })
  await message.save()
  await tenantTable('tickets')
    .where('id', ticket.id)
    .update({ last_message: body.slice(0, 255) })
  if (ticket.whatsappId) {
    const version = String(message.updatedAt.toMillis())
    await outbox.enqueue(tenancy.requireCompanyId(), message.id, ticket.whatsappId, { op: 'edit', version })
  }
  await emitMessage('update', message.id, ticket)
  return message.serialize()
}

/**
 * Reacts to a message of an open or group ticket with an emoji (an empty one
 * removes our reaction). Stored as a reaction message quoting its target and
 * sent through the outbox like any other message.
 */
export async function reactTo(message: Message, ticket: Ticket, emoji: string | undefined, me: User) {
  if (message.isPrivate || message.isDeleted || message.mediaType === 'reactionMessage') {
    throw new AppError('ERR_NO_MESSAGE_FOUND', 422)
  }
  if (!['open', 'group'].includes(ticket.status)) throw new AppError('ERR_TICKET_NOT_OPEN', 422)
  await assertCanSendThrough(tenancy.requireCompanyId(), ticket.whatsappId)
  const [stored] = await sendOutgoing(ticket, [
    {
      body: emoji || 'reaction',
      userId: me.id,
      mediaType: 'reactionMessage',
      quotedMsgId: message.id,
      isReaction: true,
    },
  ])
  return stored
}

/** Forward to a contact: its live ticket on the source connection, opened for the caller. */
export async function forwardMessage(
  message: Message,
  source: Ticket,
  contactId: number,
  me: User,
  options: { signMessage?: boolean }
) {
  if (message.isPrivate || message.isDeleted) throw new AppError('ERR_NO_MESSAGE_FOUND', 422)
  const contact = await Contact.find(contactId)
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  if (!source.whatsappId) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 422)
  const whatsappId = source.whatsappId
  await assertCanSendThrough(tenancy.requireCompanyId(), whatsappId)
  const result = await db.transaction((trx) =>
    insertTicketIfNone(trx, {
      contactId: contact.id,
      whatsappId,
      channel: source.channel,
      isGroup: contact.isGroup,
      status: contact.isGroup ? 'group' : 'open',
      userId: me.id,
      queueId: source.queueId,
    })
  )
  const target = await Ticket.findOrFail(result.ticket.id)
  if (!result.created) {
    if (target.userId && target.userId !== me.id) throw await otherOpenTicketError(target.id)
    if (target.status === 'pending') {
      await tenantTable('tickets')
        .where('id', target.id)
        .update({ status: contact.isGroup ? 'group' : 'open', user_id: me.id })
      await target.refresh()
    }
  }
  const id = await db.transaction((trx) =>
    storeOutgoing(trx, target, {
      // the agent's signature, as on their own messages (media keeps its caption)
      body: options.signMessage && !message.mediaUrl && message.body ? `*${me.name}:*\n${message.body}` : message.body,
      userId: me.id,
      mediaType: message.mediaType,
      mediaUrl: message.mediaUrl,
      mediaName: message.mediaName,
      isForwarded: true,
    })
  )
  await outbox.enqueue(tenancy.requireCompanyId(), id, whatsappId)
  await emitMessage('create', id, target)
  await emitTicketUpdate(await loadTicket(target.id))
  return (await Message.findOrFail(id)).serialize()
}

/** Count of sent messages in a period: the company's for admins, one's own otherwise. */
export async function countSent(me: User, filter: { fromMe: boolean; start?: string; end?: string }): Promise<number> {
  const query = tenantTable('messages').where('is_private', false)
  query.where('from_me', filter.fromMe)
  if (filter.start) query.where('created_at', '>=', `${filter.start}T00:00:00Z`)
  if (filter.end) query.where('created_at', '<=', `${filter.end}T23:59:59.999Z`)
  if (!me.isAdmin) query.where('user_id', me.id)
  const [{ total }] = await query.count('* as total')
  return Number(total)
}
