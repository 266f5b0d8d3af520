/**
 * Realtime events over Transmit (SSE). Each event keeps the spec's name
 * (company-{id}-ticket, company-announcement, ...) inside the payload:
 * { event, action, record | id | ... }. Channels are scopes a subscriber is
 * authorised for on the server (core/start/transmit.ts):
 *   company/{cid}              every user of the company
 *   company/{cid}/user/{uid}   one user (auth, personal and filtered events)
 *   platform                   every signed-in user (announcements)
 */
import { tenancy, tenantTable } from './tenancy.js'
import { fanout } from '../app/services/realtime_fanout.js'

export type RealtimePayload = { action: string } & Record<string, unknown>

export const channels = {
  company: (companyId: number) => `company/${companyId}`,
  user: (companyId: number, userId: number) => `company/${companyId}/user/${userId}`,
  platform: () => 'platform',
}

/** one serialisation (models and dates become plain data) for all the event's channels */
function send(to: string[], event: string, payload: RealtimePayload) {
  fanout.send(to, JSON.stringify({ event, ...payload }))
}

/**
 * The one place of the rule "only admins see a connection's live QR code"
 * (spec 2 §6): it links a phone to the company. Everyone else reads the
 * connection without it: cleared (null) in realtime events, left out of HTTP
 * answers.
 */
export const connectionQr = {
  visibleTo(reader: { isAdmin: boolean }) {
    return reader.isAdmin
  },
  /** the connection record as this reader may see it */
  as<T extends Record<string, any>>(record: T, reader: { isAdmin: boolean }, hidden: 'null' | 'omit' = 'null'): T {
    if (connectionQr.visibleTo(reader)) return record
    const out: Record<string, any> = { ...record }
    if (hidden === 'omit') delete out.qrcode
    else out.qrcode = null
    return out as T
  },
}

/** the users of the company an event is about (the event names its company, whatever scope sends it) */
async function usersOf(companyId: number): Promise<{ id: number; profile: string }[]> {
  return tenancy.run(companyId, () => tenantTable('users').select('id', 'profile'))
}

export const realtime = {
  /** company-{cid}-{topic} to every user of the company */
  toCompany(companyId: number, topic: string, payload: RealtimePayload) {
    send([channels.company(companyId)], `company-${companyId}-${topic}`, payload)
  },
  /** an event under a name of its own (not company-{cid}-...) to every user of the company */
  toCompanyNamed(companyId: number, event: string, payload: RealtimePayload) {
    send([channels.company(companyId)], event, payload)
  },
  /** company-{cid}-{topic} to one user only */
  toUser(companyId: number, userId: number, topic: string, payload: RealtimePayload) {
    send([channels.user(companyId, userId)], `company-${companyId}-${topic}`, payload)
  },
  /** company-{cid}-{topic} to the listed users only (server-side filtering) */
  toUsers(companyId: number, userIds: Iterable<number>, topic: string, payload: RealtimePayload) {
    const to = [...new Set(userIds)].map((id) => channels.user(companyId, id))
    send(to, `company-${companyId}-${topic}`, payload)
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
    const users = await usersOf(companyId)
    const admins = users.filter((u) => u.profile === 'admin').map((u) => u.id)
    const others = users.filter((u) => u.profile !== 'admin').map((u) => u.id)
    realtime.toUsers(companyId, admins, topic, forAdmins)
    realtime.toUsers(companyId, others, topic, forUsers)
  },
  /**
   * company-{cid}-{topic} `{ action: 'update', [key]: record }` about a
   * connection, to each user of the company, the QR code only to admins.
   */
  async connectionUpdate(companyId: number, topic: string, key: string, record: Record<string, any>) {
    await realtime.toCompanyByRole(
      companyId,
      topic,
      { action: 'update', [key]: connectionQr.as(record, { isAdmin: true }) },
      { action: 'update', [key]: connectionQr.as(record, { isAdmin: false }) }
    )
  },
  /** a platform-wide event such as company-announcement */
  toEveryone(event: string, payload: RealtimePayload) {
    send([channels.platform()], event, payload)
  },
  /** hears every event this process sends, as { event, ...payload } per channel (tests); returns the stop */
  tap(listener: (channel: string, payload: Record<string, any>) => void) {
    return fanout.tap(listener)
  },
}
