/**
 * Tickets as the client reads them, in one query (contact, queue, user,
 * connection and tags joined) instead of one query per relation: used by the
 * list and by every realtime ticket event.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { maskNumber } from './ticket_presenter.js'
import { mediaUrl } from './media_url.js'

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null)

export async function ticketViews(ids: number[], mask: boolean) {
  if (!ids.length) return []
  const rows = await db.rawQuery(
    `SELECT t.*, c.name AS c_name, c.number AS c_number, c.url_picture AS c_pic, c.channel AS c_channel, c.is_group AS c_group,
            c.active AS c_active, c.disable_bot AS c_disable_bot, c.accept_audio_message AS c_audio,
            q.name AS q_name, q.color AS q_color, u.name AS u_name,
            w.name AS w_name, w.group_as_ticket AS w_gat, w.color AS w_color, w.channel AS w_channel,
            coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color) ORDER BY g.name)
                        FROM ticket_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.ticket_id = t.id), '[]') AS tag_list
       FROM tickets t
       JOIN contacts c ON c.id = t.contact_id
       LEFT JOIN queues q ON q.id = t.queue_id
       LEFT JOIN users u ON u.id = t.user_id
       LEFT JOIN whatsapps w ON w.id = t.whatsapp_id
      WHERE t.company_id = ? AND t.id = ANY(?)`,
    [tenancy.requireCompanyId(), ids]
  )
  const byId = new Map<number, any>()
  for (const r of rows.rows) {
    byId.set(r.id, {
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
    })
  }
  return ids.map((id) => byId.get(id)).filter(Boolean)
}
