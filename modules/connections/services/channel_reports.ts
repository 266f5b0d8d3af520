/**
 * What channel drivers report about a connection besides its status
 * (core/pipeline channelHooks → channelReports): health and the history
 * import. This module owns connection_health and connection_imports, writes
 * them and broadcasts; drivers never touch either table. The core calls every
 * reporter in the scope of the connection's company.
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ConnectionRef, HealthReport, HistoryImportPlan, ImportProgress } from '#core/channels'
import { Whatsapp } from '#core/models'
import { channelReports, inboundDrained, type ChannelReporter } from '#core/pipeline'
import { realtime } from '#core/realtime'
import { tenancy, tenantTable } from '#core/tenancy'
import { closeImportedTickets } from '#modules/inbox/public/tickets'
import { connectionEvents, emitImport } from './connection_events.js'
import { present } from './connection_presenter.js'

/** status shown until an admin closes the imported tickets (the connections page renders the button) */
export const CLOSE_BUTTON = 'renderButtonCloseTickets'

const COLUMNS = {
  connectedAt: 'last_connected_at',
  disconnectedAt: 'last_disconnected_at',
  messageAt: 'last_message_at',
  error: 'last_error',
  owner: 'owner',
} as const

export async function recordHealth(ref: ConnectionRef, report: HealthReport) {
  const { reconnect, dropped } = report
  if (dropped) {
    // company-{id}-whatsappHealth {action:'alert'}: a connection that was up went down (pitfalls §E)
    realtime.toCompany(ref.companyId, 'whatsappHealth', {
      action: 'alert',
      whatsappId: ref.id,
      name: ref.name,
      reason: dropped.reason,
      loggedOut: dropped.loggedOut,
      at: new Date(),
    })
  }
  const cols: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = report[key as keyof typeof COLUMNS]
    if (value !== undefined) cols[column] = value
  }
  const names = Object.keys(cols)
  if (!names.length && !reconnect) return
  const sets = names.map((c) => `${c} = excluded.${c}`)
  if (reconnect) sets.push('reconnect_count = connection_health.reconnect_count + 1')
  sets.push('updated_at = now()')
  const companyId = tenancy.requireCompanyId()
  try {
    const rows = await db.rawQuery(
      `INSERT INTO connection_health (whatsapp_id, company_id, reconnect_count${names.map((n) => ', ' + n).join('')})
       VALUES (?, ?, ?${names.map(() => ', ?').join('')})
       ON CONFLICT (whatsapp_id) DO UPDATE SET ${sets.join(', ')}
         WHERE connection_health.company_id = excluded.company_id
       RETURNING *`,
      [ref.id, companyId, reconnect ? 1 : 0, ...names.map((n) => cols[n])]
    )
    const h = rows.rows[0]
    // the last-message stamp alone is too frequent to broadcast
    if (h && !(names.length === 1 && names[0] === 'last_message_at' && !reconnect)) {
      realtime.toCompany(ref.companyId, 'whatsappHealth', {
        action: 'update',
        whatsappId: ref.id,
        health: {
          lastConnectedAt: h.last_connected_at,
          lastDisconnectedAt: h.last_disconnected_at,
          lastMessageAt: h.last_message_at,
          reconnectCount: h.reconnect_count,
          lastError: h.last_error,
        },
      })
    }
  } catch {
    // health is diagnostic: a failed write must never take a session down
  }
}

export async function lastDisconnectedAt(ref: ConnectionRef): Promise<Date | null> {
  const row = await tenantTable('connection_health')
    .where('whatsapp_id', ref.id)
    .select('last_disconnected_at')
    .first()
    .catch(() => null)
  return row?.last_disconnected_at ?? null
}

async function importRow(ref: ConnectionRef) {
  const [w, imp] = await Promise.all([
    tenancy.run(ref.companyId, () => Whatsapp.find(ref.id)),
    tenantTable('connection_imports').where('whatsapp_id', ref.id).first(),
  ])
  return w ? { w, imp } : null
}

export async function importPlan(ref: ConnectionRef): Promise<HistoryImportPlan | null> {
  const found = await importRow(ref).catch(() => null)
  if (!found?.w.importOldMessages || !found.imp?.from_date) return null
  const { w, imp } = found
  return {
    from: new Date(imp.from_date),
    until: imp.until_date ? new Date(imp.until_date) : null,
    groups: Boolean(w.importOldMessagesGroups),
    state: imp.state ?? 'idle',
    received: Number(imp.received ?? 0),
    processed: Number(imp.processed ?? 0),
  }
}

/** Saves fields of the connection and broadcasts it the way every connection change is (present + connectionEvents). */
async function publishConnection(ref: ConnectionRef, patch: Partial<Whatsapp>) {
  await tenancy.run(ref.companyId, async () => {
    const w = await Whatsapp.find(ref.id)
    if (!w) return
    w.merge(patch)
    await w.save()
    await w.refresh()
    await w.load('queues')
    const [out] = await present([w], { admin: true })
    await connectionEvents.updated(ref.companyId, out)
  })
}

export async function importProgress(ref: ConnectionRef, p: ImportProgress) {
  const imports = () => tenantTable('connection_imports').where('whatsapp_id', ref.id)
  if (p.kind === 'started') {
    await imports().update({ state: 'preparing', started_at: new Date(), received: 0, processed: 0, finished_at: null })
    emitImport(ref.companyId, { whatsappId: ref.id, action: 'update', status: { this: -1, all: -1 } })
  } else if (p.kind === 'batch') {
    // the preparing window of spec 2 §4 (35 s) counts from the last batch
    await publishConnection(ref, { statusImportMessages: String(Date.now()) })
    await imports().update({ received: p.received, state: 'running', last_batch_at: new Date() })
  } else {
    await imports().update({ processed: p.processed })
    emitImport(ref.companyId, {
      whatsappId: ref.id,
      action: 'update',
      status: {
        this: p.processed,
        all: p.received,
        date: DateTime.fromMillis(p.lastMessageAt).toFormat('dd/MM/yy HH:mm:ss'),
      },
    })
  }
}

/** Marks the import done; closes its tickets when the connection asks for it, else offers the button. */
export async function importFinished(ref: ConnectionRef) {
  const found = await importRow(ref)
  if (!found?.imp || found.imp.state === 'done') return
  const finishedAt = new Date()
  await tenantTable('connection_imports')
    .where('whatsapp_id', ref.id)
    .update({ state: 'done', finished_at: finishedAt })
  let status: string | null = CLOSE_BUTTON
  if (found.w.closedTicketsPostImported) {
    // closing must see the tickets the imported messages create
    await inboundDrained(ref.id)
    if (found.imp.started_at) {
      const since = new Date(found.imp.started_at)
      await tenancy.run(ref.companyId, () => closeImportedTickets(ref.id, { since, until: finishedAt }))
    }
    status = null
  }
  await publishConnection(ref, {
    statusImportMessages: status,
    importOldMessages: false,
    importOldMessagesDate: null,
    importRecentMessages: false,
  })
  emitImport(ref.companyId, { whatsappId: ref.id, action: 'refresh' })
}

export const connectionReporter: ChannelReporter = {
  health: recordHealth,
  lastDisconnectedAt,
  importPlan,
  importProgress,
  importFinished,
}

/** Registered once by the module's provider. */
export function installChannelReports() {
  return channelReports.use(connectionReporter)
}
