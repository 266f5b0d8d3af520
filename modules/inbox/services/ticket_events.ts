/**
 * Ticket realtime events with server-side filtering: an update goes to the
 * users who may see the ticket now; a user who could see it before but not
 * any more gets a delete, so it leaves their list.
 */
import { realtime } from '#core/realtime'
import { tenancy } from '#core/tenancy'
import { audienceOf, companyViewers, type TicketLike } from './viewer.js'
import { ticketViews, type TicketView } from './ticket_views.js'
import { companySettings } from '#core/settings'
import { fireTicketsChanged } from '../public/events.js'

/** `view`: the ticket as read after the commit, when the caller has it (a drain batch reads them together). */
export async function emitTicketUpdate(ticket: { id: number }, before?: TicketLike, view?: TicketView) {
  return emitTicketUpdates([{ id: ticket.id, before, view }])
}

/** The updates of one commit (each ticket once): the public event once for all, then each ticket's realtime events. */
export async function emitTicketUpdates(items: { id: number; before?: TicketLike; view?: TicketView }[]) {
  const companyId = tenancy.requireCompanyId()
  const hide = (await companySettings.get('lgpdHideNumber')) === 'enabled'
  const missing = items.filter((i) => !i.view).map((i) => i.id)
  const read = new Map(missing.length ? (await ticketViews(missing, false)).map((v) => [v.id, v]) : [])
  const known = items.flatMap((i) => {
    const plain = i.view ?? read.get(i.id)
    return plain ? [{ plain, before: i.before }] : []
  })
  // subscribers of #modules/inbox/public/events; callers run this after their commit
  await fireTicketsChanged(
    known.map(({ plain, before }) => ({
      companyId,
      ticketId: plain.id,
      status: plain.status,
      userId: plain.userId ?? null,
      queueId: plain.queueId ?? null,
      whatsappId: plain.whatsappId ?? null,
      isGroup: Boolean(plain.isGroup),
      ...(before
        ? { before: { status: before.status, userId: before.userId ?? null, queueId: before.queueId ?? null } }
        : {}),
    }))
  )
  for (const { plain, before } of known) await announce(companyId, hide, plain, before)
}

async function announce(companyId: number, hide: boolean, plain: TicketView, before?: TicketLike) {
  const full = { id: plain.id, status: plain.status, userId: plain.userId, queueId: plain.queueId }
  const now = await audienceOf(full)
  const admins = new Set(hide ? (await companyViewers()).filter((v) => v.isAdmin).map((v) => v.id) : [])
  const masked = hide ? (await ticketViews([plain.id], true))[0] : plain
  // one event per payload, whatever the number of users: admins read the number, others maybe not
  const readsNumber = (id: number) => !hide || admins.has(id)
  realtime.toUsers(companyId, now.filter(readsNumber), 'ticket', { action: 'update', ticket: plain })
  if (hide)
    realtime.toUsers(
      companyId,
      now.filter((id) => !readsNumber(id)),
      'ticket',
      { action: 'update', ticket: masked }
    )
  if (before && (before.status !== full.status || before.userId !== full.userId || before.queueId !== full.queueId)) {
    const was = await audienceOf(before)
    const stillSees = new Set(now)
    const gone = was.filter((id) => !stillSees.has(id))
    // a ticket that left the open/pending lists (closed) is removed from everyone's current list
    const leaving = full.status === 'closed' ? was : gone
    realtime.toUsers(companyId, leaving, 'ticket', { action: 'delete', ticketId: full.id })
  }
}

export async function emitTicketDelete(t: TicketLike & { id: number }) {
  const companyId = tenancy.requireCompanyId()
  realtime.toUsers(companyId, await audienceOf(t), 'ticket', { action: 'delete', ticketId: t.id })
}

/** The ticket's unread count changed (it carries the count: a client must not guess "read"). */
export async function emitUnread(t: TicketLike & { id: number; unreadMessages?: number }) {
  const companyId = tenancy.requireCompanyId()
  realtime.toUsers(companyId, await audienceOf(t), 'ticket', {
    action: 'updateUnread',
    ticketId: t.id,
    ...(t.unreadMessages !== undefined ? { unreadMessages: t.unreadMessages } : {}),
  })
}
