/**
 * The set-wise path of the inbound pipeline (InboundBatchProcessor), for plain
 * text messages (no media, quotes, groups or threads):
 * - from contacts whose ticket an agent is holding — most of the traffic of a
 *   busy inbox — a batch at a time: one statement finds and locks their
 *   tickets, one inserts the messages, one updates the tickets;
 * - on other live tickets (the bot's: pending, a menu or chatbot answer
 *   awaited), each ticket's first message of the batch the same way, then
 *   the conversation engine decides on each of them, as it does one by one;
 *   the engine may move the ticket, so its later messages go one by one;
 * - the first message of a new conversation (no live ticket): the contacts,
 *   the tickets with their logs, the messages and the tickets' previews are
 *   written for the whole batch in one statement each; then the conversation
 *   engine decides on each of them (greeting, menu, bot), as it does one by
 *   one.
 * What it does not take goes through processInbound one event at a time, in
 * order, after it: it takes all of one contact's events of the batch, or the
 * first, or none, so their order holds. The effects are the same as
 * processInbound's: realtime events, unread counts, the public
 * onMessageReceived event.
 */
import type { InboundEvent } from '#core/channels'
import { normaliseNumber } from '#core/channels'
import { conversation } from '#core/conversation'
import type { StoredInboundEvent } from '#core/pipeline'
import { randomUUID } from 'node:crypto'
import { tenancy, tenantTable } from '#core/tenancy'
import type { UnitOfWork } from '#core/unit_of_work'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { toConversationContact, toConversationTicket } from './conversation_port.js'
import { inboxEvents } from './inbox_events.js'
import { emitUnread } from './ticket_events.js'
import { fireMessageReceived } from '../public/events.js'
import { linkQuotes } from './inbound_processor.js'
import { insertLiveTicketsSql, type TicketRow } from './find_or_create_ticket.js'
import { prepared } from '#core/prepared'

const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']
/** The live statuses written out: a lookup can then use the partial unique index of live tickets (its predicate is proven). */
const LIVE_SQL = LIVE.map((s) => `'${s}'`).join(', ')

/** events stored set-wise since the process started (tests and diagnostics) */
export const batchStats = { events: 0, started: 0 }

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
        .select(
          'id',
          'channel',
          'time_create_new_ticket',
          'collective_vacation_message',
          'collective_vacation_start',
          'collective_vacation_end'
        )
    ).map((w: any) => [Number(w.id), w])
  )
  const keys = [...groups.keys()]
  const found = await liveTickets(trx, companyId, keys)
  const live = new Set<string>(found.map((r: any) => r.key))
  // keys with no live ticket start a conversation (a reopen window needs the one-by-one path)
  const starting = keys.filter((k) => {
    const connection = connections.get(Number(k.slice(0, k.indexOf(':'))))
    const number = k.slice(k.indexOf(':') + 1)
    return number && !live.has(k) && connection && !(Number(connection.time_create_new_ticket) > 0)
  })
  const taken = starting.length ? await startConversations(uow, companyId, starting, groups, connections) : []
  // the later events of the conversations just started join the second round
  const first = new Set(taken)
  const afterStart = starting
    .filter((k) => first.has(groups.get(k)![0].id) && groups.get(k)!.length > 1)
    .map((k) => [k, groups.get(k)!.slice(1)] as const)
  // rounds on the live tickets: a ticket the engine is not quiet for gives one message a round (the
  // engine decides between them, as one by one); a key whose ticket stopped being live, or that
  // needs the one-by-one path, leaves the rest of its events to it
  let rows = found
  let waiting = groups
  for (let n = 0; ; n++) {
    const round = await storeOnLiveTickets(uow, companyId, rows, waiting, connections)
    taken.push(...round.ids)
    if (n === 0) for (const [k, list] of afterStart) round.next.set(k, list)
    if (!round.next.size) break
    waiting = round.next
    rows = await liveTickets(trx, companyId, [...waiting.keys()])
  }
  return taken
}

/**
 * The contacts' live tickets (no thread), locked in id order (as processInbound's find-or-create
 * locks them): each found by its key in the unique index of live tickets (LATERAL … LIMIT 1: a
 * lookup per key, never a scan of the company's live tickets, which PostgreSQL chose when its
 * statistics put them at a few dozen), then locked by id, the liveness checked again on the
 * locked row.
 */
async function liveTickets(trx: TransactionClientContract, companyId: number, keys: string[]): Promise<any[]> {
  const found = await prepared(
    trx.rawQuery(
      `WITH f AS MATERIALIZED (
         SELECT k.key, l.id AS ticket_id, c.name AS contact_name, c.number AS contact_number, c.email AS contact_email,
                c.is_group AS contact_is_group, c.disable_bot AS contact_disable_bot,
                c.accept_audio_message AS contact_accept_audio_message, c.lgpd_accepted_at AS contact_lgpd_accepted_at
           FROM unnest(?::text[], ?::int[], ?::text[]) AS k(number, whatsapp_id, key)
           JOIN contacts c ON c.company_id = ? AND c.number = k.number
           JOIN LATERAL (
             SELECT t.id FROM tickets t
              WHERE t.company_id = c.company_id AND t.contact_id = c.id AND coalesce(t.whatsapp_id, 0) = k.whatsapp_id
                AND coalesce(t.thread, '') = '' AND t.status IN (${LIVE_SQL})
              LIMIT 1
           ) l ON true
       )
       SELECT f.*, t.* FROM f
         JOIN tickets t ON t.id = f.ticket_id AND t.company_id = ? AND t.status IN (${LIVE_SQL})
      ORDER BY t.id
        FOR UPDATE OF t`,
      [
        keys.map((k) => k.slice(k.indexOf(':') + 1)),
        keys.map((k) => Number(k.slice(0, k.indexOf(':')))),
        keys,
        companyId,
        companyId,
      ]
    )
  )
  return found.rows
}

/**
 * One round on live tickets: the events of the keys whose ticket is quiet, and the first event of
 * the others, stored set-wise; then the engine on the others, in the batch's order. `next`: the
 * events left of the keys that gave one.
 */
async function storeOnLiveTickets(
  uow: UnitOfWork,
  companyId: number,
  found: any[],
  groups: Map<string, StoredInboundEvent[]>,
  connections: Map<number, any>
): Promise<{ ids: number[]; next: Map<string, StoredInboundEvent[]> }> {
  const trx = uow.trx
  const next = new Map<string, StoredInboundEvent[]>()
  const taken: { ticket: TicketRow; events: StoredInboundEvent[]; contact?: Record<string, any> }[] = []
  for (const row of found) {
    const list = groups.get(row.key)
    const connection = connections.get(Number(row.whatsapp_id))
    if (!list || !connection) continue
    // processInbound would rename a contact still named by its number, or give it its first e-mail
    if (row.contact_name === row.contact_number && list.some((s) => s.event.contact.name)) continue
    if (!row.contact_email && list.some((s) => s.event.contact.email)) continue
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
    else {
      // the engine decides on the first; what it does may change how the next is stored (its queue)
      if (list.length > 1) next.set(row.key, list.slice(1))
      taken.push({
        ticket: row as TicketRow,
        events: [list[0]],
        contact: {
          id: row.contact_id,
          name: row.contact_name,
          number: row.contact_number,
          is_group: row.contact_is_group,
          disable_bot: row.contact_disable_bot,
          accept_audio_message: row.contact_accept_audio_message,
          lgpd_accepted_at: row.contact_lgpd_accepted_at,
        },
      })
    }
  }
  if (!taken.length) return { ids: [], next }

  const rows = taken.flatMap(({ ticket, events: list }) =>
    list.map((s) => ({
      id: s.id,
      ticket,
      wid: s.event.providerMessageId,
      body: s.event.body as string,
      at: s.event.timestamp ? new Date(s.event.timestamp) : new Date(),
    }))
  )
  const messages = await insertMessages(trx, companyId, rows)
  const perTicket = new Map<number, any[]>()
  for (const m of messages) perTicket.set(Number(m.ticket_id), [...(perTicket.get(Number(m.ticket_id)) ?? []), m])

  if (perTicket.size) {
    const latest = [...perTicket].map(([ticketId, list]) => newest(ticketId, list))
    const updated = await moveTickets(trx, companyId, latest)
    const before = new Map(taken.map(({ ticket }) => [Number(ticket.id), ticket]))
    const moved = new Map<number, TicketRow>()
    for (const after of updated) {
      const like = { id: after.id, status: after.status, userId: after.user_id, queueId: after.queue_id }
      const was = before.get(Number(after.id))!
      for (const m of perTicket.get(Number(after.id)) ?? []) inboxEvents.messageCreated(uow, Number(m.id), like, m)
      inboxEvents.ticketChanged(uow, after.id, {
        status: was.status,
        userId: was.user_id,
        queueId: was.queue_id,
      })
      uow.afterCommit(() => emitUnread({ ...like, unreadMessages: after.unread_messages }))
      moved.set(Number(after.id), after)
    }
    // replies stored earlier that quote these messages (processInbound's linkQuotes, set-wise)
    const stored = messages.map((m) => ({ id: Number(m.id), unresolved: false }))
    uow.afterCommit(() => linkQuotes(companyId, stored))
    // the engine on the tickets it was not quiet for, in the batch's order, where processInbound
    // runs it (after the message's events); a redelivered message (nothing stored) wakes nothing
    const deciding = taken.filter((t) => t.contact).sort((a, b) => a.events[0].id - b.events[0].id)
    for (const { ticket, contact } of deciding) {
      const after = moved.get(Number(ticket.id))
      const message = perTicket.get(Number(ticket.id))?.[0]
      if (!after || !message) continue
      await engineDecides(uow, companyId, after, contact!, message, false)
    }
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
  return { ids, next }
}

/** The conversation engine on a plain text just stored set-wise, as processInbound calls it after its insert. */
function engineDecides(
  uow: UnitOfWork,
  companyId: number,
  ticket: TicketRow,
  contact: Record<string, any>,
  message: any,
  created: boolean
) {
  return conversation.afterInbound({
    tx: uow,
    companyId,
    ticket: toConversationTicket(ticket),
    ticketCreated: created,
    contact: toConversationContact(contact),
    message: { id: Number(message.id), body: message.body, mediaType: null },
    whatsappId: Number(ticket.whatsapp_id),
    now: new Date(),
  })
}

type MessageInput = {
  ticket: TicketRow
  wid: string | undefined
  body: string
  at: Date
}

/** Stores plain inbound texts; a redelivered message (same provider id) is skipped by the unique index, as in processInbound. */
async function insertMessages(trx: TransactionClientContract, companyId: number, rows: MessageInput[]) {
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
  return inserted.rows as any[]
}

/** The newest of a ticket's new messages, which becomes its preview. */
function newest(ticketId: number, list: any[]) {
  const last = list.reduce((a, b) => (new Date(b.created_at) >= new Date(a.created_at) ? b : a))
  return { ticketId, at: new Date(last.created_at), preview: String(last.body).trim().slice(0, 255), n: list.length }
}

/** Previews (unless a newer message is stored already) and unread counts of the tickets that got messages. */
async function moveTickets(trx: TransactionClientContract, companyId: number, latest: ReturnType<typeof newest>[]) {
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
  return updated.rows as TicketRow[]
}

/**
 * The first message of each of these conversations (keys with no live
 * ticket): contacts upserted, tickets created with their 'create' logs,
 * messages stored and previews set, one statement each for the batch; then,
 * per conversation in the batch's order, what processInbound does after its
 * insert (events, the conversation engine's decision, onMessageReceived).
 * A key whose ticket another writer created meanwhile, or whose message is
 * already stored, is left to processInbound. Returns the events taken.
 */
async function startConversations(
  uow: UnitOfWork,
  companyId: number,
  keys: string[],
  groups: Map<string, StoredInboundEvent[]>,
  connections: Map<number, any>
): Promise<number[]> {
  const trx = uow.trx
  const numberOf = (k: string) => k.slice(k.indexOf(':') + 1)
  const whatsappOf = (k: string) => Number(k.slice(0, k.indexOf(':')))
  // one contact per number (one number may write to two connections); the first name and e-mail the batch brings
  const people = new Map<string, { name: string; email: string | null; channel: string }>()
  for (const k of keys) {
    const number = numberOf(k)
    const list = groups.get(k)!
    const person = people.get(number) ?? { name: '', email: null, channel: connections.get(whatsappOf(k)).channel }
    person.name ||= (list.find((s) => s.event.contact.name)?.event.contact.name ?? '').slice(0, 100)
    person.email ??= list.find((s) => s.event.contact.email)?.event.contact.email?.slice(0, 255) ?? null
    people.set(number, person)
  }
  const numbers = [...people.keys()].sort()
  const contacts = await prepared(
    trx.rawQuery(
      // the single upsert's rules (contact_upsert.ts), in number order so that two writers lock alike
      `INSERT INTO contacts (company_id, name, number, is_group, channel, email)
       SELECT ?, coalesce(nullif(v.name, ''), v.number), v.number, false, v.channel, v.email
         FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS v(number, name, channel, email)
        ORDER BY v.number
       ON CONFLICT (company_id, number) DO UPDATE
         SET name = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN excluded.name ELSE contacts.name END,
             email = coalesce(nullif(contacts.email, ''), excluded.email),
             updated_at = CASE WHEN contacts.name = contacts.number AND excluded.name <> excluded.number THEN now() ELSE contacts.updated_at END
       RETURNING id, lid, name, number, is_group, disable_bot, accept_audio_message, lgpd_accepted_at`,
      [
        companyId,
        numbers.map((n) => n.slice(0, 100)),
        numbers.map((n) => people.get(n)!.name),
        numbers.map((n) => people.get(n)!.channel),
        numbers.map((n) => people.get(n)!.email),
      ] as any[]
    )
  )
  const contactByNumber = new Map<string, any>(contacts.rows.map((c: any) => [c.number, c]))
  const pairs = keys
    .map((k) => ({ key: k, contact: contactByNumber.get(numberOf(k).slice(0, 100)), whatsappId: whatsappOf(k) }))
    .filter((p) => p.contact)
    .sort((a, b) => a.contact.id - b.contact.id || a.whatsappId - b.whatsappId)
  if (!pairs.length) return []
  const firstOf = (k: string) => groups.get(k)![0]
  // a first message stored before (a redelivery) is left to processInbound, which skips it as well
  const stored = await prepared(
    trx.rawQuery(
      `SELECT v.w, v.wid FROM unnest(?::int[], ?::text[]) AS v(w, wid)
        WHERE EXISTS (SELECT 1 FROM messages m WHERE m.company_id = ? AND coalesce(m.whatsapp_id, 0) = v.w AND m.wid = v.wid)`,
      [
        pairs.map((p) => p.whatsappId),
        pairs.map((p) => firstOf(p.key).event.providerMessageId ?? null),
        companyId,
      ] as any[]
    )
  )
  const redelivered = new Set(stored.rows.map((r: any) => `${r.w}:${r.wid}`))
  const fresh = pairs.filter((p) => !redelivered.has(`${p.whatsappId}:${firstOf(p.key).event.providerMessageId}`))
  if (!fresh.length) return []
  // pending, by the bot, as findOrCreateForInbound opens them, with their first message's preview and
  // unread count (no second write of the row); a live ticket created meanwhile wins (DO NOTHING)
  const tickets = await prepared(
    trx.rawQuery(
      insertLiveTicketsSql(
        'company_id, uuid, status, channel, contact_id, whatsapp_id, is_group, is_bot, is_active_demand, last_message, from_me, unread_messages',
        `SELECT ?, v.uuid, 'pending', v.channel, v.contact_id, v.whatsapp_id, false, true, false, v.preview, false, 1
           FROM unnest(?::uuid[], ?::text[], ?::int[], ?::int[], ?::text[]) AS v(uuid, channel, contact_id, whatsapp_id, preview)`
      ),
      [
        companyId,
        fresh.map(() => randomUUID()),
        fresh.map((p) => connections.get(p.whatsappId).channel),
        fresh.map((p) => p.contact.id),
        fresh.map((p) => p.whatsappId),
        fresh.map((p) => String(firstOf(p.key).event.body).trim().slice(0, 255)),
      ] as any[]
    )
  )
  const ticketOf = new Map<string, TicketRow>(
    (tickets.rows as TicketRow[]).map((t) => [`${t.contact_id}:${t.whatsapp_id}`, t])
  )
  const opened = fresh
    .map((p) => ({ ...p, ticket: ticketOf.get(`${p.contact.id}:${p.whatsappId}`)!, first: firstOf(p.key) }))
    .filter((p) => p.ticket)
    // the batch's order, which the engine's replies follow
    .sort((a, b) => a.first.id - b.first.id)
  if (!opened.length) return []
  const messages = await insertMessages(
    trx,
    companyId,
    opened.map((p) => ({
      ticket: p.ticket,
      wid: p.first.event.providerMessageId,
      body: p.first.event.body as string,
      at: p.first.event.timestamp ? new Date(p.first.event.timestamp) : new Date(),
    }))
  )
  // none was stored before (checked above, and one contact's events are drained by one drainer at a time)
  if (messages.length !== opened.length) throw new Error('a first message of a new conversation was stored meanwhile')
  const messageOf = new Map<number, any>(messages.map((m) => [Number(m.ticket_id), m]))
  const after = new Map(opened.map((p) => [Number(p.ticket.id), p.ticket]))
  const taken: number[] = []
  for (const p of opened) {
    const message = messageOf.get(Number(p.ticket.id))
    const ticket = after.get(Number(p.ticket.id))!
    const like = { id: ticket.id, status: ticket.status, userId: ticket.user_id, queueId: ticket.queue_id }
    const messageId = Number(message.id)
    uow.afterCommit(
      uow.collect(`inbox.linkQuotes:${companyId}`, { id: messageId, unresolved: false }, (items) =>
        linkQuotes(companyId, items)
      )
    )
    inboxEvents.messageCreated(uow, messageId, like, message)
    inboxEvents.ticketChanged(uow, ticket.id)
    uow.afterCommit(() => emitUnread({ ...like, unreadMessages: ticket.unread_messages }))
    await engineDecides(uow, companyId, ticket, p.contact, message, true)
    uow.afterCommit(() =>
      fireMessageReceived({
        companyId,
        messageId,
        ticketId: Number(ticket.id),
        contactId: Number(p.contact.id),
        whatsappId: p.whatsappId,
        body: message.body,
        mediaType: null,
        ticketCreated: true,
        imported: false,
      })
    )
    taken.push(p.first.id)
  }
  batchStats.events += taken.length
  batchStats.started += taken.length
  return taken
}
