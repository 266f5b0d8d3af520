/**
 * Where webhook events come from: the inbox's public events (a contact's
 * message, a ticket created or closed) and, for messages sent through this
 * API, a sweep that follows their delivery state (the outbox's acks) for a
 * day and reports each change as message.status.
 */
import { onMessageReceived, onTicketChanged } from '#modules/inbox/public/events'
import { deliveryStates } from '#modules/inbox/public/outreach'
import { getTicket } from '#modules/inbox/public/tickets'
import { tenancy, tenantTable } from '#core/tenancy'
import { emitWebhookEvent, hasSubscribers, queueDelivery } from './webhooks.js'
import { queueDirectSend, stateOf } from './send.js'
import { countUsage } from './usage.js'

export function listenToInbox() {
  onMessageReceived(async (e) => {
    if (e.imported) return
    await emitWebhookEvent(e.companyId, 'message.received', {
      messageId: e.messageId,
      ticketId: e.ticketId,
      contactId: e.contactId,
      whatsappId: e.whatsappId,
      body: e.body,
      mediaType: e.mediaType,
    })
  })
  onTicketChanged(async (e) => {
    const ticket = { ticketId: e.ticketId, status: e.status, userId: e.userId, queueId: e.queueId }
    if (await hasSubscribers(e.companyId, 'ticket.created')) await announceCreated(e.companyId, e.ticketId, ticket)
    if (e.status === 'closed' && e.before && e.before.status !== 'closed') {
      await emitWebhookEvent(e.companyId, 'ticket.closed', ticket)
    }
  })
}

/**
 * The inbox has no "created" event: the first change of a ticket may carry a
 * previous state (the bot routed it in the same unit). A ticket whose change
 * arrives within minutes of its creation is announced once per webhook (a
 * unique index on the delivery rows), so every process agrees.
 */
async function announceCreated(companyId: number, ticketId: number, ticket: Record<string, unknown>) {
  const t = await tenancy.run(companyId, () => getTicket(ticketId))
  if (!t?.createdAt || Date.now() - Date.parse(t.createdAt) > 2 * 60_000) return
  // once per webhook: the deliveries' unique index drops a second announcement
  await emitWebhookEvent(companyId, 'ticket.created', ticket)
}

/** Call records and delivery rows are kept this long (usage counters are kept). */
export const RETENTION_DAYS = 30

/** Not final yet: followed by the sweep for a day. */
const OPEN_STATES = ['queued', 'sent', 'delivered']

/** One pass: every company's API messages whose state may still change. */
export async function sweepAcks() {
  const companies = await tenancy.asSystem(() =>
    tenantTable('messaging_api_requests')
      .whereNotNull('message_id')
      .whereIn('state', OPEN_STATES)
      .where('created_at', '>', new Date(Date.now() - 24 * 3_600_000))
      .distinct('company_id')
      .limit(1000)
  )
  for (const { company_id: companyId } of companies) {
    await tenancy.run(Number(companyId), async () => {
      const rows = await tenantTable('messaging_api_requests')
        .whereNotNull('message_id')
        .whereIn('state', OPEN_STATES)
        .where('created_at', '>', new Date(Date.now() - 24 * 3_600_000))
        .select('id', 'message_id', 'ticket_id', 'whatsapp_id', 'state', 'ack')
        .limit(2000)
      const states = await deliveryStates(rows.map((r) => Number(r.message_id)))
      for (const r of rows) {
        const s = states.get(Number(r.message_id))
        if (!s) continue
        const state = stateOf(s.ack, s.sendError)
        if (state === r.state && s.ack === Number(r.ack)) continue
        await tenantTable('messaging_api_requests')
          .where('id', r.id)
          .update({ state, ack: s.ack, error: s.sendError?.slice(0, 500) ?? null, updated_at: new Date() })
        if (state === 'failed') await countUsage(Number(companyId), Number(r.whatsapp_id), 'failed')
        await emitWebhookEvent(Number(companyId), 'message.status', {
          messageId: Number(r.message_id),
          ticketId: r.ticket_id,
          status: state,
          ack: s.ack,
          error: s.sendError,
        })
      }
    })
  }
}

/**
 * Work whose job was lost (the queue was unreachable when it was made, or a
 * store restarted empty): pending deliveries and noRegister sends untouched
 * for 10 minutes are queued again under the same job id (a job still known
 * to the store is not added twice).
 */
export async function sweepStalled() {
  const before = new Date(Date.now() - 10 * 60_000)
  const since = new Date(Date.now() - 24 * 3_600_000)
  const deliveries = await tenancy.asSystem(() =>
    tenantTable('messaging_api_deliveries')
      .where('status', 'pending')
      .where('updated_at', '<', before)
      .where('created_at', '>', since)
      .select('id', 'company_id', 'round')
      .limit(500)
  )
  for (const d of deliveries) await queueDelivery(Number(d.company_id), { id: Number(d.id), round: Number(d.round) })
  const sends = await tenancy.asSystem(() =>
    tenantTable('messaging_api_requests')
      .where('no_register', true)
      .where('state', 'queued')
      .where('updated_at', '<', before)
      .where('created_at', '>', since)
      .select('id', 'company_id')
      .limit(500)
  )
  for (const r of sends) await queueDirectSend(Number(r.company_id), Number(r.id))

  // retention: call records (idempotency answers, noRegister payloads) and the delivery log keep 30 days
  const expired = new Date(Date.now() - RETENTION_DAYS * 86_400_000)
  await tenancy.asSystem(async () => {
    await tenantTable('messaging_api_requests').where('created_at', '<', expired).delete()
    await tenantTable('messaging_api_deliveries').where('created_at', '<', expired).delete()
  })
}
