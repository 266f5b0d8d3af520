/**
 * Who is looking: the user's flags and queues, loaded once per request, and
 * the one visibility rule (reference §3, enforced on the server) used both to
 * filter SQL and to decide single tickets and realtime audiences.
 */
import db from '@adonisjs/lucid/services/db'
import type { User } from '#core/models'
import { cachedSetting } from './settings_cache.js'
import { companySettings } from '#core/settings'
import { tenancy, tenantTable } from '#core/tenancy'

export interface Viewer {
  id: number
  isAdmin: boolean
  queueIds: number[]
  allTicket: boolean
  allowGroup: boolean
  allHistoric: boolean
  /** may use "show all" (admin, the user's allUserChat switch, or the company setting) */
  canShowAll: boolean
  whatsappId: number | null
}

export interface TicketLike {
  status: string
  userId: number | null
  queueId: number | null
}

/** The signed-in caller as a viewer: its queues come with the actor (loaded once per session, core auth). */
export async function viewerOf(user: User, queueIds: number[]): Promise<Viewer> {
  const allUserChat = user.allUserChat === 'enabled' || (await companySettings.get('allUserChat')) === 'enabled'
  return {
    id: user.id,
    isAdmin: user.isAdmin,
    queueIds,
    allTicket: user.allTicket === 'enable',
    allowGroup: Boolean(user.allowGroup),
    allHistoric: user.allHistoric === 'enabled',
    canShowAll: user.isAdmin || allUserChat,
    whatsappId: user.whatsappId,
  }
}

const inQueues = (v: Viewer, queueId: number | null) => (queueId === null ? v.allTicket : v.queueIds.includes(queueId))

/** Whether the viewer may see (and act on) this ticket. */
export function canSee(v: Viewer, t: TicketLike, showAll = true): boolean {
  if (v.isAdmin) return true
  if (t.userId === v.id) return true
  if (t.userId === null && inQueues(v, t.queueId)) return true
  if (t.status === 'group' && v.allowGroup && (t.queueId === null || v.queueIds.includes(t.queueId))) return true
  if (t.status === 'closed' && (v.allHistoric || (t.queueId !== null && v.queueIds.includes(t.queueId)))) return true
  if (showAll && v.canShowAll && (v.allHistoric || inQueues(v, t.queueId))) return true
  return false
}

/**
 * The same rule as SQL on a tickets query (a model query or a query builder),
 * on the table or alias `t` (`tickets` by default).
 */
export function scopeTickets<Q extends { where: (...args: any[]) => any }>(
  query: Q,
  v: Viewer,
  showAll = true,
  t = 'tickets'
): Q {
  if (v.isAdmin) return query
  const queues = v.queueIds.length ? v.queueIds : [0]
  query.where((q: any) => {
    q.where(`${t}.user_id`, v.id)
    q.orWhere((w: any) => {
      w.whereNull(`${t}.user_id`).where((x: any) => {
        x.whereIn(`${t}.queue_id`, queues)
        if (v.allTicket) x.orWhereNull(`${t}.queue_id`)
      })
    })
    if (v.allowGroup) {
      q.orWhere((w: any) =>
        w
          .where(`${t}.status`, 'group')
          .where((x: any) => x.whereIn(`${t}.queue_id`, queues).orWhereNull(`${t}.queue_id`))
      )
    }
    q.orWhere((w: any) => {
      w.where(`${t}.status`, 'closed')
      if (!v.allHistoric) w.whereIn(`${t}.queue_id`, queues)
    })
    if (showAll && v.canShowAll) {
      if (v.allHistoric) q.orWhereRaw('true')
      else
        q.orWhere((w: any) => {
          w.whereIn(`${t}.queue_id`, queues)
          if (v.allTicket) w.orWhereNull(`${t}.queue_id`)
        })
    }
  })
  return query
}

/** Every viewer of the company, cached briefly: realtime audiences are computed per event. */
const cache = new Map<number, { at: number; viewers: Promise<Viewer[]> }>()
const TTL_MS = 2000

async function loadCompanyViewers(): Promise<Viewer[]> {
  const allUserChat = (await cachedSetting('allUserChat')) === 'enabled'
  const rows = await tenantTable('users as u')
    .leftJoin('user_queues as uq', 'uq.user_id', 'u.id')
    .groupBy('u.id')
    .select(
      'u.id',
      'u.profile',
      'u.super',
      'u.all_ticket',
      'u.allow_group',
      'u.all_historic',
      'u.all_user_chat',
      'u.whatsapp_id',
      db.raw(`coalesce(array_agg(uq.queue_id) FILTER (WHERE uq.queue_id IS NOT NULL), '{}') AS queue_ids`)
    )
  return rows.map((r: any) => {
    const isAdmin = r.profile === 'admin' || r.super
    return {
      id: r.id,
      isAdmin,
      queueIds: (r.queue_ids as number[]).map(Number),
      allTicket: r.all_ticket === 'enable',
      allowGroup: r.allow_group,
      allHistoric: r.all_historic === 'enabled',
      canShowAll: isAdmin || allUserChat || r.all_user_chat === 'enabled',
      whatsappId: r.whatsapp_id,
    }
  })
}

export async function companyViewers(): Promise<Viewer[]> {
  const companyId = tenancy.requireCompanyId()
  const hit = cache.get(companyId)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.viewers
  const viewers = loadCompanyViewers()
  cache.set(companyId, { at: Date.now(), viewers })
  viewers.catch(() => cache.delete(companyId))
  return viewers
}

/** Users who receive a ticket's events: admins, its user, and those whose queues see it (no "show all"). */
export async function audienceOf(t: TicketLike): Promise<number[]> {
  const viewers = await companyViewers()
  return viewers.filter((v) => canSee(v, t, false)).map((v) => v.id)
}

/** For tests and user/queue changes. */
export function forgetViewers(companyId?: number) {
  if (companyId) cache.delete(companyId)
  else cache.clear()
}
