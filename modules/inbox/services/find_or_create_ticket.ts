/**
 * Find-or-create the live ticket of a contact on a connection (reference §1.3),
 * race-free: the insert relies on the partial unique index (one live ticket per
 * contact + connection + thread) with ON CONFLICT DO NOTHING, and the loser of
 * a race simply reads the winner's row. No mutex. The thread is null except on
 * channels whose conversations have threads (InboundEvent.thread: e-mail).
 */
import { randomUUID } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { tenancy, tenantTable } from '#core/tenancy'
import { logTicket } from './ticket_logs.js'
import { prepared } from '#core/prepared'

export const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']

export interface TicketRow {
  id: number
  status: string
  user_id: number | null
  queue_id: number | null
  whatsapp_id: number | null
  contact_id: number
  unread_messages: number
  is_group: boolean
  thread: string | null
}

export async function findLiveTicket(
  trx: TransactionClientContract,
  contactId: number,
  whatsappId: number | null,
  thread: string | null = null
) {
  return (await prepared(
    tenantTable('tickets', trx)
      .where('contact_id', contactId)
      .whereRaw('coalesce(whatsapp_id, 0) = ?', [whatsappId ?? 0])
      .whereRaw(`coalesce(thread, '') = ?`, [thread ?? ''])
      .whereIn('status', LIVE)
      .orderBy('id', 'desc')
      .forUpdate()
  ).first()) as TicketRow | null
}

export interface NewTicket {
  contactId: number
  whatsappId: number | null
  channel: string
  isGroup: boolean
  status: string
  userId?: number | null
  queueId?: number | null
  isBot?: boolean
  isActiveDemand?: boolean
  thread?: string | null
}

/**
 * SQL inserting tickets (the given columns, from `source`: VALUES or a
 * SELECT) except where a live one exists (the partial unique index decides),
 * with the 'create' log of each (logTicket's row); it returns the inserted rows.
 */
export function insertLiveTicketsSql(columns: string, source: string) {
  return `WITH t AS (
       INSERT INTO tickets (${columns})
       ${source}
       ON CONFLICT (company_id, contact_id, (coalesce(whatsapp_id, 0)), (coalesce(thread, ''))) WHERE status IN ('open','pending','group','nps','lgpd')
       DO NOTHING RETURNING *
     ), log AS (
       INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, queue_id)
       SELECT company_id, id, 'create', user_id, queue_id FROM t
     )
     SELECT * FROM t`
}

/** Inserts unless a live ticket exists; returns the live ticket and whether it is new. */
export async function insertTicketIfNone(
  trx: TransactionClientContract,
  t: NewTicket
): Promise<{ ticket: TicketRow; created: boolean }> {
  const companyId = tenancy.requireCompanyId()
  // the ticket and its 'create' log (logTicket's row) in one statement; no log when the insert lost a race
  const inserted = await prepared(
    trx.rawQuery(
      insertLiveTicketsSql(
        'company_id, uuid, status, channel, contact_id, whatsapp_id, is_group, is_bot, user_id, queue_id, is_active_demand, thread',
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'
      ),
      [
        companyId,
        randomUUID(),
        t.status,
        t.channel,
        t.contactId,
        t.whatsappId,
        t.isGroup,
        t.isBot ?? false,
        t.userId ?? null,
        t.queueId ?? null,
        t.isActiveDemand ?? false,
        t.thread ?? null,
      ] as any[]
    )
  )
  if (inserted.rows.length) return { ticket: inserted.rows[0] as TicketRow, created: true }
  const existing = await findLiveTicket(trx, t.contactId, t.whatsappId, t.thread ?? null)
  if (!existing) throw new Error('live ticket vanished during find-or-create')
  return { ticket: existing, created: false }
}

/**
 * For inbound messages: the live ticket, else (timeCreateNewTicket) a recently
 * updated one reopened as pending keeping queue and user, else a new one.
 * A message of a thread with no live ticket takes the contact's live ticket
 * that has no thread yet (one an agent opened, or one from before threads),
 * so it never opens a second ticket beside it.
 */
export async function findOrCreateForInbound(
  trx: TransactionClientContract,
  o: {
    contactId: number
    whatsappId: number
    channel: string
    isGroup: boolean
    groupAsTicket: boolean
    timeCreateNewTicket: number
    thread?: string | null
  }
) {
  const thread = o.thread || null
  const live = await findLiveTicket(trx, o.contactId, o.whatsappId, thread)
  if (live) return { ticket: live, created: false }
  if (thread) {
    const unthreaded = await findLiveTicket(trx, o.contactId, o.whatsappId, null)
    if (unthreaded) {
      await tenantTable('tickets', trx).where('id', unthreaded.id).update({ thread })
      return { ticket: { ...unthreaded, thread }, created: false }
    }
  }
  if (o.timeCreateNewTicket > 0) {
    const recent = await tenantTable('tickets', trx)
      .where({ contact_id: o.contactId, whatsapp_id: o.whatsappId })
      .whereRaw(`coalesce(thread, '') = ?`, [thread ?? ''])
      .where('updated_at', '>', new Date(Date.now() - o.timeCreateNewTicket * 60_000))
      .orderBy('updated_at', 'desc')
      .forUpdate()
      .first()
    if (recent && recent.status === 'closed') {
      // reopening can collide with a live ticket created concurrently: the index decides, we re-read
      const reopened = await trx.rawQuery(
        `UPDATE tickets SET status = 'pending', updated_at = now() WHERE company_id = ? AND id = ?
           AND NOT EXISTS (SELECT 1 FROM tickets o WHERE o.company_id = tickets.company_id AND o.contact_id = tickets.contact_id
             AND coalesce(o.whatsapp_id,0) = coalesce(tickets.whatsapp_id,0) AND coalesce(o.thread,'') = coalesce(tickets.thread,'')
             AND o.status IN ('open','pending','group','nps','lgpd'))
         RETURNING *`,
        [tenancy.requireCompanyId(), recent.id]
      )
      if (reopened.rows.length) {
        await logTicket(trx, recent.id, 'reopen', { userId: recent.user_id, queueId: recent.queue_id })
        return { ticket: reopened.rows[0] as TicketRow, created: false }
      }
    }
  }
  const status = o.isGroup && !o.groupAsTicket ? 'group' : 'pending'
  return insertTicketIfNone(trx, {
    contactId: o.contactId,
    whatsappId: o.whatsappId,
    channel: o.channel,
    isGroup: o.isGroup,
    status,
    isBot: !o.isGroup,
    thread,
  })
}
