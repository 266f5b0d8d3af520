/**
 * What the inbox does with one inbound event, inside the pipeline's
 * transaction (so it commits together with the event's "done" mark): contact,
 * ticket, message, unread count, logs. Realtime events are registered on the
 * unit of work as after-commit effects (domain events, inbox_events.ts).
 * Every write is idempotent under a unique key, so a retried event never
 * duplicates anything.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { StoredInboundEvent } from '#core/pipeline'
import type { UnitOfWork } from '#core/unit_of_work'
import { normaliseNumber } from '#core/channels'
import { companySettings } from '#core/settings'
import { tenancy, tenantTable } from '#core/tenancy'
import { linkLid, upsertContact } from './contact_upsert.js'
import { findOrCreateForInbound, type TicketRow } from './find_or_create_ticket.js'
import { emitMessage } from './message_events.js'
import { emitTicketUpdate, emitUnread } from './ticket_events.js'
import Ticket from '../models/ticket.js'
import { conversation } from '#core/conversation'
import { inboxPort, toConversationContact, toConversationTicket } from './conversation_port.js'
import { inboxEvents } from './inbox_events.js'
import { fireMessageReceived } from '../public/events.js'
import { inboundMedia, queueMediaFetch } from './inbound_media.js'
import { prepared } from '#core/prepared'

const DELETED_LGPD = '🚫 _Mensagem Apagada_'

const asLike = (t: TicketRow) => ({ id: t.id, status: t.status, userId: t.user_id, queueId: t.queue_id })

function preview(body: string | undefined, mediaType: string | undefined) {
  const text = (body ?? '').trim()
  return (text || (mediaType ? `[${mediaType}]` : '')).slice(0, 255)
}

export async function processInbound(stored: StoredInboundEvent, uow: UnitOfWork): Promise<void> {
  const trx = uow.trx
  const e = stored.event
  const companyId = tenancy.requireCompanyId()
  const whatsapp = await uow.memo(`whatsapp-row:${companyId}:${stored.whatsappId}`, () =>
    tenantTable('whatsapps', trx).where({ id: stored.whatsappId }).first()
  )
  if (!whatsapp) return
  const isGroup = Boolean(e.contact.isGroup)
  const number = normaliseNumber(e.contact.number, isGroup)
  if (!number) return

  if (e.kind === 'ack') return applyAck(uow, stored, e.providerMessageId, e.ack ?? 0, e.error)
  if (e.kind === 'edit' || e.kind === 'delete') return applyChange(uow, stored, e.kind, e.providerMessageId, e.body)

  // groups are dropped when the connection does not take them (reference §1.2.2)
  if (isGroup && !whatsapp.allow_group) return
  const input = {
    number,
    lid: e.contact.lid,
    name: isGroup ? e.contact.name : e.fromMe ? undefined : e.contact.name,
    isGroup,
    channel: whatsapp.channel,
    pictureUrl: e.contact.pictureUrl,
    email: isGroup ? undefined : e.contact.email,
  }
  // a number/LID pair from the channel's contact sync links or merges, never creates
  if (e.kind === 'contact' && input.lid && !isGroup) {
    await linkLid(trx, { ...input, lid: input.lid })
    return
  }
  const contact = await upsertContact(trx, input)
  if (e.kind === 'contact') return

  const { ticket, created } = await findOrCreateForInbound(trx, {
    contactId: contact.id,
    whatsappId: whatsapp.id,
    channel: whatsapp.channel,
    isGroup,
    groupAsTicket: whatsapp.group_as_ticket === 'enabled',
    timeCreateNewTicket: whatsapp.time_create_new_ticket,
    thread: isGroup ? null : (e.thread?.slice(0, 255) ?? null),
  })
  const before = asLike(ticket)

  let quotedId: number | null = null
  if (e.quotedProviderId) {
    const q = await tenantTable('messages', trx)
      .where({ whatsapp_id: whatsapp.id, wid: e.quotedProviderId })
      .select('id')
      .first()
    quotedId = q?.id ?? null
  }
  const mediaType = e.kind === 'reaction' ? 'reactionMessage' : e.kind === 'call' ? 'call_log' : (e.mediaType ?? null)
  const body = e.kind === 'reaction' ? e.body || 'reaction' : (e.body ?? '')
  const at = e.timestamp ? new Date(e.timestamp) : new Date()
  // an outside media URL is only the source of a fetch into storage (never hot-linked)
  const media = inboundMedia(companyId, mediaType, e.mediaUrl)
  // One statement stores the message and moves its ticket: the preview (unless
  // a newer message is stored already: concurrent workers), the unread count.
  // A message we already have (an echo) inserts nothing and moves nothing.
  const written = await prepared(
    trx.rawQuery(
      `WITH ins AS (
       INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, queue_id, wid, body, from_me, media_type, media_url,
                             media_source_url, quoted_msg_id, quoted_wid, participant, ack, read, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
       ON CONFLICT (company_id, (coalesce(whatsapp_id, 0)), wid) DO NOTHING RETURNING *
     ), upd AS (
       UPDATE tickets SET
         last_message = CASE WHEN EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = tickets.id AND m.created_at > ?)
                        THEN last_message ELSE ? END,
         from_me = ?, updated_at = now(),
         unread_messages = CASE WHEN ? THEN 0 ELSE unread_messages + 1 END
       WHERE company_id = ? AND id = ? AND EXISTS (SELECT 1 FROM ins) RETURNING tickets.*
     )
     SELECT ins.*, to_jsonb(upd) AS ticket_after FROM ins CROSS JOIN upd`,
      [
        companyId,
        ticket.id,
        contact.id,
        whatsapp.id,
        ticket.queue_id,
        e.providerMessageId,
        body,
        Boolean(e.fromMe),
        mediaType,
        media.mediaUrl,
        media.sourceUrl,
        quotedId,
        e.quotedProviderId ?? null,
        e.participant ? normaliseNumber(e.participant.number) : null,
        e.fromMe ? 2 : 0,
        Boolean(e.fromMe),
        at,
        at,
        preview(body, mediaType ?? undefined),
        Boolean(e.fromMe),
        Boolean(e.fromMe),
        companyId,
        ticket.id,
      ] as any[]
    )
  )
  if (!written.rows.length) return // an echo of a message we already have
  const { ticket_after: ticketAfter, ...messageRow } = written.rows[0]
  const messageId = Number(messageRow.id)
  // the ticket's row as JSON (its timestamps as ISO text, which every reader of it parses)
  const after = ticketAfter as TicketRow

  // after the commit, so that of two messages processed at once (a reply and
  // the message it quotes) the one committed last always sees the other; one
  // statement for every message of the drain batch
  const link = uow.collect(
    `inbox.linkQuotes:${companyId}`,
    { id: messageId, unresolved: quotedId === null && Boolean(e.quotedProviderId) },
    (items) => linkQuotes(companyId, items)
  )
  uow.afterCommit(link)
  inboxEvents.messageCreated(uow, messageId, asLike(after), messageRow)
  // queued after the commit (and after the message's own event): if the queue is
  // unreachable, the row stays pending and the media sweep queues it later
  if (media.sourceUrl) uow.afterCommit(() => queueMediaFetch(companyId, messageId))
  // one ticket update per commit, whatever the conversation hooks change below
  inboxEvents.ticketChanged(uow, after.id, created ? undefined : before)
  if (after.unread_messages > 0) {
    uow.afterCommit(() => emitUnread({ ...asLike(after), unreadMessages: after.unread_messages }))
  }

  // the conversation hooks answer in this same transaction (the ticket row is
  // locked by find-or-create), so their replies commit with the event's done mark
  if (!e.fromMe && e.kind === 'message') {
    // the upsert's row when it wrote one; a contact found by its LID is read
    const contactRow = contact.row ? toConversationContact(contact.row) : await inboxPort.contact(uow, contact.id)
    if (contactRow) {
      await conversation.afterInbound({
        tx: uow,
        companyId,
        ticket: toConversationTicket(after),
        ticketCreated: created,
        contact: contactRow,
        message: { id: messageId, body, mediaType },
        whatsappId: whatsapp.id,
        now: new Date(),
      })
    }
  }

  // subscribers of #modules/inbox/public/events (after the inbox's own effects)
  if (!e.fromMe) {
    uow.afterCommit(() =>
      fireMessageReceived({
        companyId,
        messageId,
        ticketId: after.id,
        contactId: contact.id,
        whatsappId: whatsapp.id,
        body,
        mediaType,
        ticketCreated: created,
        imported: Boolean(e.imported),
      })
    )
  }
  return
}

/** Links replies to the messages they quote, for messages just stored (after their commit). */
export async function linkQuotes(companyId: number, items: { id: number; unresolved: boolean }[]) {
  // replies stored before these messages
  await db.rawQuery(
    `UPDATE messages m SET quoted_msg_id = q.id FROM messages q
      WHERE q.company_id = ? AND q.id = ANY(?::bigint[]) AND m.company_id = q.company_id
        AND m.whatsapp_id = q.whatsapp_id AND m.quoted_wid = q.wid AND m.quoted_msg_id IS NULL`,
    [companyId, items.map((i) => i.id)]
  )
  // replies among them whose quoted message was not stored yet at insert time
  const unresolved = items.filter((i) => i.unresolved).map((i) => i.id)
  if (unresolved.length) {
    await db.rawQuery(
      `UPDATE messages m SET quoted_msg_id = q.id FROM messages q
        WHERE m.company_id = ? AND m.id = ANY(?::bigint[]) AND m.quoted_msg_id IS NULL
          AND q.company_id = m.company_id AND q.whatsapp_id = m.whatsapp_id AND q.wid = m.quoted_wid`,
      [companyId, unresolved]
    )
  }
}

/**
 * An edit, delete or ack can overtake its message (parallel jobs, or an ack for
 * a message whose send is still being recorded). Throwing makes the job retry
 * with backoff until the message is stored, instead of dropping the change;
 * after the last attempt the event is parked as failed with this reason.
 */
class TargetNotYetStored extends Error {
  constructor(wid: string) {
    super(`target message ${wid} not stored yet`)
  }
}

async function assertStored(trx: TransactionClientContract, stored: StoredInboundEvent, wid: string) {
  const found = await tenantTable('messages', trx).where({ whatsapp_id: stored.whatsappId, wid }).select('id').first()
  if (!found) throw new TargetNotYetStored(wid)
}

async function applyAck(uow: UnitOfWork, stored: StoredInboundEvent, wid: string, ack: number, error?: string) {
  const trx = uow.trx
  const level = Math.max(0, Math.min(5, Math.trunc(ack)))
  // acks only move forward: a late "delivered" never undoes "read"; a failure the channel reports is shown on the message
  const rows: { id: number; ticket_id: number }[] = error
    ? await tenantTable('messages', trx)
        .where({ whatsapp_id: stored.whatsappId, wid })
        .update({ send_error: String(error).slice(0, 500), updated_at: db.raw('now()') })
        .returning(['id', 'ticket_id'])
    : await tenantTable('messages', trx)
        .where({ whatsapp_id: stored.whatsappId, wid })
        .where('ack', '<', level)
        .update({ ack: level, updated_at: db.raw('now()') })
        .returning(['id', 'ticket_id'])
  // nothing moved: either the ack is old news, or the message is not there yet
  if (!rows.length) await assertStored(trx, stored, wid)
  for (const r of rows) {
    uow.afterCommit(async () => {
      const t = await Ticket.find(r.ticket_id)
      if (t) await emitMessage('update', Number(r.id), t)
    })
  }
}

async function applyChange(
  uow: UnitOfWork,
  stored: StoredInboundEvent,
  kind: 'edit' | 'delete',
  wid: string,
  body?: string
) {
  const trx = uow.trx
  const msg = await tenantTable('messages', trx).where({ whatsapp_id: stored.whatsappId, wid }).forUpdate().first()
  if (!msg) throw new TargetNotYetStored(wid)
  let text: string = msg.body
  if (kind === 'edit') {
    text = String(body ?? '')
    await tenantTable('messages', trx)
      .where('id', msg.id)
      .update({ body: text, is_edited: true, updated_at: new Date() })
  } else {
    const erase =
      (await companySettings.get('lgpdDeleteMessage')) === 'enabled' &&
      (await companySettings.get('enableLGPD')) === 'enabled'
    if (erase) text = DELETED_LGPD
    await tenantTable('messages', trx)
      .where('id', msg.id)
      .update({ is_deleted: true, body: text, updated_at: new Date() })
  }
  await tenantTable('tickets', trx)
    .where('id', msg.ticket_id)
    .update({ last_message: text.slice(0, 255), updated_at: new Date() })
  uow.afterCommit(async () => {
    const t = await Ticket.find(msg.ticket_id)
    if (!t) return
    await emitMessage('update', Number(msg.id), t)
    await emitTicketUpdate(t)
  })
}
