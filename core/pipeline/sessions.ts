/**
 * Status reports from drivers: stored on the connection and pushed as
 * company-{id}-whatsappSession, and the hooks object every driver receives.
 */
import Whatsapp from '#models/whatsapp'
import { tenancy, tenantTable } from '#core/tenancy'
import { realtime } from '#core/realtime'
import type { ChannelHooks, ConnectionRef } from '#core/channels'
import { inbound } from './inbound.js'

/**
 * What a driver reports besides status and inbound events (health, history
 * import) goes to the module that owns it (modules/connections), registered
 * here: reports reach every reporter in order; a question (importPlan,
 * lastDisconnectedAt) takes the first reporter that answers. With none
 * registered reports are dropped and questions answer null.
 */
export type ChannelReporter = Partial<
  Pick<ChannelHooks, 'health' | 'lastDisconnectedAt' | 'importPlan' | 'importProgress' | 'importFinished'>
>
const reporters: ChannelReporter[] = []

export const channelReports = {
  /** adds a reporter; returns a function that removes it */
  use(reporter: ChannelReporter) {
    reporters.push(reporter)
    return () => {
      const i = reporters.indexOf(reporter)
      if (i >= 0) reporters.splice(i, 1)
    }
  },
}

/** Reporters run in the scope of the connection's company (drivers report from outside any request). */
const inScope = <T>(connection: ConnectionRef, fn: () => Promise<T>) => tenancy.run(connection.companyId, fn)

async function ask<K extends 'lastDisconnectedAt' | 'importPlan'>(key: K, connection: ConnectionRef) {
  for (const r of reporters) {
    const fn = r[key] as ((c: ConnectionRef) => Promise<any>) | undefined
    if (fn) return (await inScope(connection, () => fn(connection))) ?? null
  }
  return null
}

export const channelHooks: ChannelHooks = {
  async status(connection: ConnectionRef, status, extra = {}) {
    await tenancy.run(connection.companyId, async () => {
      const w = await Whatsapp.find(connection.id)
      if (!w) return
      w.status = status
      if (extra.qrcode !== undefined) w.qrcode = extra.qrcode
      if (extra.number !== undefined) w.number = extra.number
      await w.save()
      // the live QR is for admins only (the rule: connectionQr, #core/realtime)
      await realtime.connectionUpdate(connection.companyId, 'whatsappSession', 'session', w.serialize())
    })
  },
  async inbound(connection, event) {
    return inbound.ingest(connection.companyId, { ...event, whatsappId: connection.id })
  },
  async health(connection, report) {
    for (const r of reporters) {
      if (!r.health) continue
      try {
        await inScope(connection, () => r.health!(connection, report))
      } catch {
        // health is diagnostic: a failing reporter never fails the driver
      }
    }
  },
  lastDisconnectedAt: (connection) => ask('lastDisconnectedAt', connection),
  importPlan: (connection) => ask('importPlan', connection),
  async importProgress(connection, progress) {
    for (const r of reporters) {
      if (r.importProgress) await inScope(connection, () => r.importProgress!(connection, progress))
    }
  },
  async importFinished(connection) {
    for (const r of reporters) {
      if (r.importFinished) await inScope(connection, () => r.importFinished!(connection))
    }
  },
}

/**
 * Waits (up to timeoutMs) until no inbound event of the connection is pending:
 * whoever acts on what an import created (closing its tickets) must see it all.
 * Runs in the connection's company scope.
 */
export async function inboundDrained(whatsappId: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const row = await tenantTable('inbound_events')
      .where({ whatsapp_id: whatsappId, status: 'pending' })
      .count('* as n')
      .first()
    if (!Number(row?.n ?? 0)) return true
    await new Promise((r) => setTimeout(r, 500))
  }
  return false
}
