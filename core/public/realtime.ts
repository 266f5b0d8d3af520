/**
 * Realtime events over Transmit (SSE). Each event keeps the spec's name
 * (company-{id}-ticket, company-announcement, ...) inside the payload:
 * { event, action, record | id | ... }. Channels are scopes a subscriber is
 * authorised for on the server (core/start/transmit.ts):
 *   company/{cid}              every user of the company
 *   company/{cid}/user/{uid}   one user (auth, personal and filtered events)
 *   platform                   every signed-in user (announcements)
 */
import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'

export type RealtimePayload = { action: string } & Record<string, unknown>

export const channels = {
  company: (companyId: number) => `company/${companyId}`,
  user: (companyId: number, userId: number) => `company/${companyId}/user/${userId}`,
  platform: () => 'platform',
}

function send(channel: string, event: string, payload: RealtimePayload) {
  // JSON round-trip turns models and dates into plain data before transport
  transmit.broadcast(channel, JSON.parse(JSON.stringify({ event, ...payload })))
}

export const realtime = {
  /** company-{cid}-{topic} to every user of the company */
  toCompany(companyId: number, topic: string, payload: RealtimePayload) {
    send(channels.company(companyId), `company-${companyId}-${topic}`, payload)
  },
  /** company-{cid}-{topic} to one user only */
  toUser(companyId: number, userId: number, topic: string, payload: RealtimePayload) {
    send(channels.user(companyId, userId), `company-${companyId}-${topic}`, payload)
  },
  /** company-{cid}-{topic} to the listed users only (server-side filtering) */
  toUsers(companyId: number, userIds: Iterable<number>, topic: string, payload: RealtimePayload) {
    for (const id of new Set(userIds)) realtime.toUser(companyId, id, topic, payload)
  },
  /**
   * company-{cid}-{topic} with one payload for the company's admins and
   * another for everyone else (e.g. a connection's live QR code is for admins).
   */
  async toCompanyByRole(
    companyId: number,
    topic: string,
    forAdmins: RealtimePayload,
    forUsers: RealtimePayload
  ) {
    const users = await db.from('users').where('company_id', companyId).select('id', 'profile')
    for (const u of users) realtime.toUser(companyId, u.id, topic, u.profile === 'admin' ? forAdmins : forUsers)
  },
  /** a platform-wide event such as company-announcement */
  toEveryone(event: string, payload: RealtimePayload) {
    send(channels.platform(), event, payload)
  },
}
