/**
 * Online status. A user is online while requests or heartbeats arrive
 * (POST /auth/heartbeat replaces the socket's userStatus emit) and goes offline
 * after 5 minutes of silence, set by the core's repeatable sweep job.
 */
import { type DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { realtime } from '#core/realtime'
import { tenancy, tenantTable } from '#core/tenancy'

export const OFFLINE_AFTER_MINUTES = 5
/** Writing last_seen_at at most once a minute keeps requests read-only. */
const TOUCH_EVERY_SECONDS = 60

export async function markOnline(user: User, now: DateTime, force = false) {
  // milliseconds, not luxon's diff: this runs on every signed-in request
  const stale = !user.lastSeenAt || now.toMillis() - user.lastSeenAt.toMillis() >= TOUCH_EVERY_SECONDS * 1000
  if (user.online && !stale && !force) return
  const wasOffline = !user.online
  await tenantTable('users').where('id', user.id).update({ online: true, last_seen_at: now.toJSDate() })
  user.online = true
  user.lastSeenAt = now
  if (wasOffline) {
    realtime.toCompany(user.companyId, 'user', { action: 'update', user: user.serialize() })
  }
}

export async function markOffline(user: User) {
  await tenantTable('users').where('id', user.id).update({ online: false })
  realtime.toCompany(user.companyId, 'user', { action: 'update', user: { ...user.serialize(), online: false } })
}

/** Sets offline every user silent for 5 minutes; one indexed UPDATE, any tenant. */
export async function sweepOffline() {
  const result = await tenancy.asSystem(() =>
    db.rawQuery(
      // system: the presence sweep covers every company in one statement (a platform job, no tenant scope)
      `UPDATE users SET online = false
       WHERE online = true AND (last_seen_at IS NULL OR last_seen_at < now() - make_interval(mins => ?))
       RETURNING id, company_id`,
      [OFFLINE_AFTER_MINUTES]
    )
  )
  for (const row of result.rows as { id: number; company_id: number }[]) {
    realtime.toCompany(row.company_id, 'user', { action: 'update', user: { id: row.id, online: false } })
  }
  return result.rows.length as number
}
