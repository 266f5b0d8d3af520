/**
 * The set-wise path of the inbound pipeline (InboundBatchProcessor): plain
 * text messages from contacts whose ticket an agent is holding — most of the
 * traffic of a busy inbox — are stored a batch at a time: one statement finds
 * and locks their tickets, one inserts the messages, one updates the tickets.
 * What it does not take (anything else: media, quotes, groups, threads, new contacts or
 * tickets, tickets the conversation engine would act on) goes through
 * processInbound one event at a time, in order; it takes all or none of one
 * contact's events of the batch, so their order holds. The effects are the
 * same as processInbound's: realtime events, unread counts, the public
 * onMessageReceived event.
 */
import type { InboundEvent } from '#core/channels'
import { normaliseNumber } from '#core/channels'
import { conversation } from '#core/conversation'
import type { StoredInboundEvent } from '#core/pipeline'
import { tenancy, tenantTable } from '#core/tenancy'
import type { UnitOfWork } from '#core/unit_of_work'
import { toConversationTicket } from './conversation_port.js'
import { inboxEvents } from './inbox_events.js'
import { emitUnread } from './ticket_events.js'
import { fireMessageReceived } from '../public/events.js'
import { linkQuotes } from './inbound_processor.js'
import type { TicketRow } from './find_or_create_ticket.js'
import { prepared } from '#core/prepared'

const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']

/** events stored set-wise since the process started (tests and diagnostics) */
export const batchStats = { events: 0 }

/** A contact's text with nothing that needs the one-by-one path. */
function plain(e: InboundEvent) {
  return (
    e.kind === 'message' &&
    !e.fromMe &&
    !e.contact.isGroup &&
    !e.contact.lid &&
    !e.contact.pictureUrl &&
    !e.quotedProviderId &&
    !e.mediaType &&
    !e.mediaUrl &&
    !e.imported &&
    !e.participant &&
    !e.thread &&
    typeof e.body === 'string' &&
    e.body.trim() !== ''
  )
}

const keyOf = (s: StoredInboundEvent) => `${s.whatsappId}:${normaliseNumber(s.event.contact.number, false)}`

export async function processInboundBatch(events: StoredInboundEvent[], uow: UnitOfWork): Promise<number[]> {
  const trx = uow.trx
  const companyId = tenancy.requireCompanyId()
  const groups = new Map<string, StoredInboundEvent[]>()
  const blocked = new Set<string>()
  for (const s of events) {
    const key = keyOf(s)
    if (!plain(s.event)) blocked.add(key)
    else groups.set(key, [...(groups.get(key) ?? []), s])
  }
  for (const key of blocked) groups.delete(key)
  if (!groups.size) return []

  const connections = new Map(
    (
      await tenantTable('whatsapps', trx)
        .whereIn('id', [...new Set([...groups.values()].map((g) => g[0].whatsappId))])
        .select('id', 'collective_vacation_message', 'collective_vacation_start', 'collective_vacation_end')
    ).map((w: any) => [Number(w.id), w])
  )
  // the contacts' live tickets, locked in id order (as processInbound's find-or-create locks them)
  const keys = [...groups.keys()]
  const found = await prepared(
    trx.rawQuery(
      `SELECT k.key, c.name AS contact_name, c.number AS contact_number, t.*
       FROM unnest(?::text[], ?::int[], ?::text[]) AS k(number, whatsapp_id, key)
       JOIN contacts c ON c.company_id = ? AND c.number = k.number
       JOIN tickets t ON t.company_id = c.company_id AND t.contact_id = c.id AND t.whatsapp_id = k.whatsapp_id
        AND t.status = ANY(?::text[])
      ORDER BY t.id
        FOR UPDATE OF t`,
      [
        keys.map((k) => k.slice(k.indexOf(':') + 1)),
        keys.map((k) => Number(k.slice(0, k.indexOf(':')))),
        keys,
        companyId,
        LIVE,
      ]
    )
  )
  const taken: { ticket: TicketRow; events: StoredInboundEvent[] }[] = []
  for (const row of found.rows) {
    const list = groups.get(row.key)
    const connection = connections.get(Number(row.whatsapp_id))
    if (!list || !connection) continue
    // processInbound would rename a contact still named by its number
    if (row.contact_name === row.contact_number && list.some((s) => s.event.contact.name)) continue
    const quiet = conversation.quiet({
      companyId,
      ticket: toConversationTicket(row),
      connection: {
        collectiveVacationMessage: connection.collective_vacation_message ?? null,
        collectiveVacationStart: connection.collective_vacation_start ?? null,
        collectiveVacationEnd: connection.collective_vacation_end ?? null,
      },
    })
    if (quiet) taken.push({ ticket: row as TicketRow, events: list })
  }
  if (!taken.length) return []

  const rows = taken.flatMap(({ ticket, events: list }) =>
    list.map((s) => ({
      id: s.id,
      ticket,
      wid: s.event.providerMessageId,
      body: s.event.body as string,
      at: s.event.timestamp ? new Date(s.event.timestamp) : new Date(),
    }))
  )
  // a redelivered message (same provider id) is skipped by the unique index, as in processInbound
  const inserted = await prepared(
    trx.rawQuery(
      `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, queue_id, wid, body, from_me, ack, read,
                           created_at, updated_at)
     SELECT ?, v.ticket_id, v.contact_id, v.whatsapp_id, v.queue_id, v.wid, v.body, false, 0, false, v.at, now()
       FROM unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::timestamptz[])
         AS v(ticket_id, contact_id, whatsapp_id, queue_id, wid, body, at)
     ON CONFLICT (company_id, (coalesce(whatsapp_id, 0)), wid) DO NOTHING
     RETURNING *`,
      [
        companyId,
        rows.map((r) => r.ticket.id),
        rows.map((r) => r.ticket.contact_id),
        rows.map((r) => r.ticket.whatsapp_id),
        rows.map((r) => r.ticket.queue_id),
        rows.map((r) => r.wid),
        rows.map((r) => r.body),
        rows.map((r) => r.at),
      ] as any[]
    )
  )
  const messages = inserted.rows as any[]
  const perTicket = new Map<number, any[]>()
  for (const m of messages) perTicket.set(Number(m.ticket_id), [...(perTicket.get(Number(m.ticket_id)) ?? []), m])

  if (perTicket.size) {
    // the newest message of each ticket becomes its preview, unless a newer one is stored already
    const latest = [...perTicket].map(([ticketId, list]) => {
      const last = list.reduce((a, b) => (new Date(b.created_at) >= new Date(a.created_at) ? b : a))
      return {
        ticketId,
        at: new Date(last.created_at),
        preview: String(last.body).trim().slice(0, 255),
        n: list.length,
      }
    })
    const updated = await prepared(
      trx.rawQuery(
        `UPDATE tickets SET
         last_message = CASE WHEN EXISTS (SELECT 1 FROM messages m WHERE m.ticket_id = tickets.id AND m.created_at > v.at)
                        THEN last_message ELSE v.preview END,
         from_me = false, updated_at = now(), unread_messages = unread_messages + v.n
       FROM unnest(?::int[], ?::timestamptz[], ?::text[], ?::int[]) AS v(id, at, preview, n)
      WHERE tickets.company_id = ? AND tickets.id = v.id
      RETURNING tickets.*`,
        [
          latest.map((l) => l.ticketId),
          latest.map((l) => l.at),
          latest.map((l) => l.preview),
          latest.map((l) => l.n),
          companyId,
        ]
      )
    )
    const before = new Map(taken.map(({ ticket }) => [Number(ticket.id), ticket]))
    for (const after of updated.rows as TicketRow[]) {
      const like = { id: after.id, status: after.status, userId: after.user_id, queueId: after.queue_id }
      const was = before.get(Number(after.id))!
      for (const m of perTicket.get(Number(after.id)) ?? []) inboxEvents.messageCreated(uow, Number(m.id), like, m)
      inboxEvents.ticketChanged(uow, after.id, {
        status: was.status,
        userId: was.user_id,
        queueId: was.queue_id,
      })
      uow.afterCommit(() => emitUnread({ ...like, unreadMessages: after.unread_messages }))
    }
    // replies stored earlier that quote these messages (processInbound's linkQuotes, set-wise)
    const stored = messages.map((m) => ({ id: Number(m.id), unresolved: false }))
    uow.afterCommit(() => linkQuotes(companyId, stored))
    for (const m of messages) {
      uow.afterCommit(() =>
        fireMessageReceived({
          companyId,
          messageId: Number(m.id),
          ticketId: Number(m.ticket_id),
          contactId: Number(m.contact_id),
          whatsappId: Number(m.whatsapp_id),
          body: m.body,
          mediaType: null,
          ticketCreated: false,
          imported: false,
        })
      )
    }
  }
  const ids = taken.flatMap(({ events: list }) => list.map((s) => s.id))
  batchStats.events += ids.length
  return ids
}
