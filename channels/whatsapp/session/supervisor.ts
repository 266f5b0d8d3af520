/**
 * The per-process session supervisor. wa_sessions says what should run
 * (desired state and a generation that each restart/logout command bumps);
 * every process that runs sessions ticks over it, takes the lease of each
 * session nobody holds, renews the ones it holds, and stops a session the
 * moment its lease is lost. A process that dies stops renewing: after the
 * lease's TTL another process takes the session over with a larger fencing
 * token, and the dead owner's late writes to the login are refused.
 *
 * Several processes share the sessions: each counts the live supervisors
 * (a heartbeat in Redis) and takes free sessions only up to its share of the
 * wanted ones, leaving the rest to a process with fewer. A free session
 * nobody else takes within SHARE_GRACE_TICKS is taken anyway. Sessions
 * already running are not moved to even things out (each move is a reconnect).
 */
import type { ChannelHooks, ConnectionRef } from '#core/channels'
import { tenancy, tenantTable } from '#core/tenancy'
import { clearAuthState } from './auth_state.js'
import type { Lease } from './lease.js'
import type { MediaDownloader, SocketFactory } from './socket.js'
import { WaSession } from './wa_session.js'

/** sessions started in parallel by one tick */
const START_CONCURRENCY = 8
/** a supervisor missing this many ticks is no longer counted among those sharing the sessions */
const HEARTBEAT_TICKS = 3
/** ticks a supervisor above its share leaves a free session to the others before taking it */
const SHARE_GRACE_TICKS = 2

/** The session row of one connection, in the scope of its company. */
const sessionRow = (companyId: number, whatsappId: number) =>
  tenancy.run(companyId, () => tenantTable('wa_sessions').where('whatsapp_id', whatsappId))

interface Running {
  session: WaSession
  generation: number
  fence: number
}

export interface SupervisorOptions {
  ownerId: string
  lease: Lease
  factory: SocketFactory
  downloader: MediaDownloader
  hooks: ChannelHooks
  tickMs?: number
  random?: () => number
}

export class Supervisor {
  readonly running = new Map<number, Running>()
  #interval: NodeJS.Timeout | null = null
  #ticking: Promise<void> | null = null
  #again = false
  #closed = false
  /** free sessions left to others because this process had its share: since when */
  #leftSince = new Map<number, number>()

  constructor(readonly options: SupervisorOptions) {}

  start() {
    this.#closed = false
    this.#interval = setInterval(() => this.nudge(), this.options.tickMs ?? 3000)
    this.#interval.unref?.()
    this.nudge()
  }

  /** Runs a tick now (or right after the current one). */
  nudge(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#ticking) {
      this.#again = true
      return this.#ticking
    }
    this.#ticking = (async () => {
      try {
        do {
          this.#again = false
          await this.tick()
        } while (this.#again && !this.#closed)
      } finally {
        this.#ticking = null
      }
    })()
    return this.#ticking
  }

  async tick() {
    // system: one supervisor runs the sessions of every company
    const rows = await tenancy
      .asSystem(() =>
        tenantTable('wa_sessions')
          .join('whatsapps', 'whatsapps.id', 'wa_sessions.whatsapp_id')
          .join('companies', 'companies.id', 'wa_sessions.company_id')
          .where('whatsapps.channel', 'whatsapp')
          .select(
            'wa_sessions.*',
            'whatsapps.name',
            'whatsapps.token',
            'whatsapps.settings',
            'companies.status as company_active'
          )
      )
      .catch(() => null)
    if (!rows) return // database unreachable: keep what runs, try again next tick
    // an inactive company's sessions do not run (the login stays for when it is active again)
    for (const r of rows) if (!r.company_active && r.desired === 'run') r.desired = 'stop'
    const byId = new Map<number, any>(rows.map((r: any) => [Number(r.whatsapp_id), r]))

    for (const [id, run] of this.running) {
      const row = byId.get(id)
      if (!row || row.desired !== 'run' || row.generation !== run.generation) {
        await this.#settle(id, run, row)
        continue
      }
      if (!(await this.options.lease.renew(id).catch(() => false))) {
        // someone else holds it now: stop without touching the login
        this.running.delete(id)
        await run.session.stop('lease-lost')
      }
    }

    const wanted = rows.filter(
      (r: any) => !this.running.has(Number(r.whatsapp_id)) && ['run', 'logout'].includes(r.desired)
    )
    // sessions another process holds are not ours to start (asked all at once: one round trip)
    const held = await Promise.all(
      wanted.map((r: any) =>
        r.desired === 'run' ? (this.options.lease.isHeld?.(Number(r.whatsapp_id)).catch(() => false) ?? false) : false
      )
    )
    const todo = wanted.filter((_: any, i: number) => !held[i])
    const free = new Set(todo.map((r: any) => Number(r.whatsapp_id)))
    for (const id of this.#leftSince.keys()) if (!free.has(id)) this.#leftSince.delete(id)
    const tickMs = this.options.tickMs ?? 3000
    const peers = Math.max(1, (await this.options.lease.heartbeat?.(HEARTBEAT_TICKS * tickMs).catch(() => 1)) ?? 1)
    const share = Math.ceil(rows.filter((r: any) => r.desired === 'run').length / peers)
    // what this process may still take now (counted before each take, given back when it fails)
    let room = share - this.running.size
    // a few at a time: a restart with many sessions comes back quickly without a burst at WhatsApp
    let next = 0
    const lane = async () => {
      while (next < todo.length && !this.#closed) {
        const row = todo[next++]
        if (row.desired !== 'run') {
          await this.#logoutUnowned(row).catch(() => {})
          continue
        }
        const id = Number(row.whatsapp_id)
        const withinShare = room > 0
        if (withinShare) room--
        else if (!this.#overdue(id)) continue
        // one session failing to start must not keep the others from starting
        const took = await this.#take(row).catch(() => false)
        if (took) this.#leftSince.delete(id)
        else if (withinShare) room++
      }
    }
    await Promise.all(Array.from({ length: Math.min(START_CONCURRENCY, todo.length) }, lane))
  }

  #ref(row: any): ConnectionRef {
    return {
      id: Number(row.whatsapp_id),
      companyId: Number(row.company_id),
      channel: 'whatsapp',
      name: row.name,
      token: row.token,
      settings: row.settings ?? {},
    }
  }

  /** Over its share, this process leaves a free session to the others for a while, then takes it. */
  #overdue(id: number) {
    const since = this.#leftSince.get(id) ?? Date.now()
    this.#leftSince.set(id, since)
    return Date.now() - since >= SHARE_GRACE_TICKS * (this.options.tickMs ?? 3000)
  }

  /** Takes the session's lease and starts it here; false when another process holds it. */
  async #take(row: any): Promise<boolean> {
    const id = Number(row.whatsapp_id)
    const fence = await this.options.lease.acquire(id).catch(() => null)
    if (fence === null) return false
    const companyId = Number(row.company_id)
    const claimed = await sessionRow(companyId, id)
      .where('fence', '<', fence)
      .update({ fence, owner: this.options.ownerId, updated_at: new Date() })
    if (!claimed) {
      await this.options.lease.release(id)
      return false
    }
    if (row.reset_auth) {
      // cleared by the owner, under its lease, before the new socket reads it
      await clearAuthState(id)
      await sessionRow(companyId, id).where('fence', fence).update({ reset_auth: false })
    }
    const session = new WaSession(this.#ref(row), {
      factory: this.options.factory,
      downloader: this.options.downloader,
      hooks: this.options.hooks,
      fence,
      ownerId: this.options.ownerId,
      pairingPhone: row.pairing_phone,
      random: this.options.random,
      onEnded: (reason) => void this.#ended(id, row.generation, reason),
    })
    this.running.set(id, { session, generation: row.generation, fence })
    await session.start().catch(async (e) => {
      this.running.delete(id)
      await this.options.lease.release(id)
      throw e
    })
    return true
  }

  /** A command changed what should run: logout, stop, or restart under a new generation. */
  async #settle(id: number, run: Running, row: any) {
    this.running.delete(id)
    if (!row) {
      // the connection was deleted (its session row went with it): log the device out
      await run.session.logout().catch(() => {})
    } else if (row.desired === 'logout') {
      await run.session.logout()
      await sessionRow(Number(row.company_id), id).where('generation', row.generation).update({ desired: 'stop' })
    } else {
      await run.session.stop('command')
    }
    await this.options.lease.release(id)
    if (row?.desired === 'run') await this.#take(row)
  }

  /** Logout of a session no process runs: forget the login here. */
  async #logoutUnowned(row: any) {
    const id = Number(row.whatsapp_id)
    const fence = await this.options.lease.acquire(id).catch(() => null)
    if (fence === null) return
    try {
      await clearAuthState(id)
      await this.options.hooks.status(this.#ref(row), 'DISCONNECTED', { qrcode: '' }).catch(() => {})
      await sessionRow(Number(row.company_id), id).where('generation', row.generation).update({ desired: 'stop' })
    } finally {
      await this.options.lease.release(id)
    }
  }

  /** The session ended by itself (QR expired, logged out, replaced): it stays down until a command. */
  async #ended(id: number, generation: number, reason: string) {
    const run = this.running.get(id)
    if (!run || run.generation !== generation) return
    this.running.delete(id)
    if (reason !== 'fenced') {
      await sessionRow(run.session.ref.companyId, id)
        .where('generation', generation)
        .update({ desired: 'stop' })
        .catch(() => {})
      await this.options.lease.release(id).catch(() => {})
    }
  }

  session(id: number) {
    return this.running.get(id)?.session ?? null
  }

  /** Graceful shutdown: stop sockets and hand leases back at once so another process takes over. */
  async close() {
    this.#closed = true
    if (this.#interval) clearInterval(this.#interval)
    await this.#ticking?.catch(() => {})
    for (const [id, run] of this.running) {
      await run.session.stop('shutdown')
      await this.options.lease.release(id).catch(() => {})
    }
    this.running.clear()
  }

  /** Simulates a crash in tests: sockets gone, leases left to expire. */
  async crash() {
    this.#closed = true
    if (this.#interval) clearInterval(this.#interval)
    for (const run of this.running.values()) await run.session.stop('crash')
    this.running.clear()
  }
}
