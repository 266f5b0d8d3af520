/**
 * Tickets as the client reads them, in one query (contact, queue, user,
 * connection and tags joined) instead of one query per relation: used by the
 * list and by every realtime ticket event.
 */
import db from '@adonisjs/lucid/services/db'
import { prepared } from '#core/prepared'
import { tenantTable } from '#core/tenancy'
import { maskNumber } from './ticket_presenter.js'
import { mediaUrl } from './media_url.js'

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

/** The columns a ticket view is made of, on tickets `t` (contact, queue, user, connection joined, tags aggregated). */
export function ticketViewQuery() {
  // planned for a company of any size (a lookup by id or a page's rows), as the lists are
  return tenantTable('tickets as t', db, { sizeBlind: true })
    .join('contacts as c', 'c.id', 't.contact_id')
    .leftJoin('queues as q', 'q.id', 't.queue_id')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('whatsapps as w', 'w.id', 't.whatsapp_id')
    .select(
      't.*',
      'c.name as c_name',
      'c.number as c_number',
      'c.url_picture as c_pic',
      'c.channel as c_channel',
      'c.is_group as c_group',
      'c.active as c_active',
      'c.disable_bot as c_disable_bot',
      'c.accept_audio_message as c_audio',
      'q.name as q_name',
      'q.color as q_color',
      'u.name as u_name',
      'w.name as w_name',
      'w.group_as_ticket as w_gat',
      'w.color as w_color',
      'w.channel as w_channel',
      db.raw(
        `coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name)
                     FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id AND g.company_id = t.company_id), '[]') AS tag_list`
      )
    )
}

export type TicketView = ReturnType<typeof toView>

export async function ticketViews(ids: number[], mask: boolean): Promise<TicketView[]> {
  if (!ids.length) return []
  // parsed once per connection, and planned once: one ticket (a realtime event, a chat opened) by
  // `=`, whose generic plan PostgreSQL keeps; with `= ANY` it plans every run again (1 ms of a
  // 0.2 ms lookup), the generic plan's estimate being for ten ids
  const query = ticketViewQuery()
  if (ids.length === 1) query.where('t.id', ids[0])
  else query.whereRaw('t.id = ANY(?)', [ids])
  const rows = (await prepared(query)) as any[]
  return viewsInOrder(rows, ids, mask)
}

/** Rows of ticketViewQuery as the client reads them, in the order of `ids`. */
export function viewsInOrder(rows: any[], ids: number[], mask: boolean) {
  const byId = new Map<number, any>()
  for (const r of rows) {
    byId.set(r.id, toView(r, mask))
  }
  return ids.map((id) => byId.get(id)).filter(Boolean)
}

function toView(r: any, mask: boolean) {
  return {
    id: r.id,
    uuid: r.uuid,
    status: r.status,
    channel: r.channel,
    isGroup: r.is_group,
    isBot: r.is_bot,
    lastMessage: r.last_message,
    fromMe: r.from_me,
    unreadMessages: r.unread_messages,
    useIntegration: r.use_integration,
    integrationId: r.integration_id,
    amountUsedBotQueues: r.amount_used_bot_queues,
    companyId: r.company_id,
    contactId: r.contact_id,
    whatsappId: r.whatsapp_id,
    queueId: r.queue_id,
    userId: r.user_id,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    contact: {
      id: r.contact_id,
      name: r.c_name,
      number: mask && !r.c_group ? maskNumber(r.c_number) : r.c_number,
      urlPicture: mediaUrl(r.c_pic),
      channel: r.c_channel,
      isGroup: r.c_group,
      active: r.c_active,
      disableBot: r.c_disable_bot,
      acceptAudioMessage: r.c_audio,
    },
    queue: r.queue_id ? { id: r.queue_id, name: r.q_name, color: r.q_color } : null,
    user: r.user_id ? { id: r.user_id, name: r.u_name } : null,
    whatsapp: r.whatsapp_id
      ? { id: r.whatsapp_id, name: r.w_name, groupAsTicket: r.w_gat, color: r.w_color, channel: r.w_channel }
      : null,
    tags: r.tag_list,
  }
}
