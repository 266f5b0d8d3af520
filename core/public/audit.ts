/**
 * The audit seam (issue 24 item 3): the core's controllers and any plugin call
 * `audit.record(trx, entry)` where an admin action happens; the audit module
 * registers the writer that stores it (the core never imports the module).
 * Without the module loaded, record() does nothing. Who, from where and with
 * which browser come from the current request (AsyncLocalStorage), so a call
 * site names only what changed. Passing the change's transaction makes the row
 * commit or roll back with the change.
 */
import { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { SingleSlot } from './extensions.js'
import { isSealed, maskSecret } from './secrets.js'

export interface AuditEntry {
  /** what was done, `<entity>.<verb>`: user.create, settings.update, auth.sign_in_failed, ... */
  action: string
  /** the kind of thing it was done to: user, setting, company, plan, connection, queue, ... */
  entity: string
  entityId?: number | string | null
  /** the company whose log shows it; null for platform actions (companies, plans) the super user sees */
  companyId: number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  /** anything else worth keeping (an e-mail tried, a filter of an export) */
  details?: Record<string, unknown> | null
  /** who acted, when it is not the signed-in caller (a sign-in, before there is a session) */
  actor?: { id: number; name?: string; email?: string } | null
}

/** What the writer stores: the entry with the actor and the request's origin resolved and secrets masked. */
export interface AuditRow {
  action: string
  entity: string
  entityId: string | null
  companyId: number | null
  actorId: number | null
  actorName: string | null
  actorEmail: string | null
  ip: string | null
  userAgent: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  details: Record<string, unknown> | null
}

export type AuditWriter = (client: QueryClientContract | TransactionClientContract, row: AuditRow) => Promise<void>

/** The one writer: the audit module's. */
export const auditWriter = new SingleSlot<AuditWriter>('audit writer')

const MASK = '••••'
/** field names that hold a secret: their values are never stored, whatever the caller passed */
const SECRET_KEY = /pass(word|wd)?|token|secret|api_?key|private_?key|recovery|credential|hash|cookie|authorization|session|qrcode/i

/** A deep copy with every secret-looking field and every sealed value masked. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return null
  if (isSealed(value)) return maskSecret(value) ?? MASK
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => maskSecrets(v, depth + 1))
  if (value && typeof value === 'object') {
    if (value instanceof Date) return value.toISOString()
    const json = typeof (value as any).toJSON === 'function' ? (value as any).toJSON() : value
    if (json !== value) return maskSecrets(json, depth + 1)
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      // a flag (passwordChanged: true) is not the secret; any text or number under a secret-looking name is
      const secret = SECRET_KEY.test(k) && (typeof v === 'string' ? v !== '' : typeof v === 'number' || typeof v === 'object')
      out[k] = secret && v !== null ? MASK : maskSecrets(v, depth + 1)
    }
    return out
  }
  if (typeof value === 'string' && value.length > 2000) return value.slice(0, 2000) + '…'
  return value
}

const masked = (v: Record<string, unknown> | null | undefined) =>
  v ? (maskSecrets(v) as Record<string, unknown>) : null

const BOOKKEEPING = new Set(['updatedAt', 'updated_at'])

/** The fields of `after` whose value differs from `before` (an update's log shows only what changed). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {}
  const a: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (BOOKKEEPING.has(key) || after[key] === undefined) continue
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue
    b[key] = before[key]
    a[key] = after[key]
  }
  return { before: b, after: a }
}

function fromRequest() {
  const ctx = HttpContext.get()
  if (!ctx) return { actor: null, ip: null, userAgent: null }
  const user = (ctx as Partial<HttpContext>).actor?.user
  return {
    actor: user ? { id: user.id, name: user.name, email: user.email } : null,
    // request.ip() follows TRUST_PROXY (config/app.ts): the client, not the proxy
    ip: ctx.request.ip() ?? null,
    userAgent: (ctx.request.header('user-agent') ?? '').slice(0, 500) || null,
  }
}

export const audit = {
  /**
   * Records an admin action. With `trx` the row is part of the change's
   * transaction (a write failure rolls the change back: an action is never
   * done unlogged); without it (a failed sign-in, a change made without a
   * transaction) it is written on its own and a failure is only logged.
   */
  async record(trx: TransactionClientContract | null, entry: AuditEntry): Promise<void> {
    if (!auditWriter.registered) return
    const origin = fromRequest()
    const actor = entry.actor ?? origin.actor
    const row: AuditRow = {
      action: entry.action.slice(0, 60),
      entity: entry.entity.slice(0, 40),
      entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId).slice(0, 100),
      companyId: entry.companyId ?? null,
      actorId: actor?.id ?? null,
      actorName: actor?.name?.slice(0, 255) ?? null,
      actorEmail: actor?.email?.slice(0, 255) ?? null,
      ip: origin.ip,
      userAgent: origin.userAgent,
      before: masked(entry.before),
      after: masked(entry.after),
      details: masked(entry.details),
    }
    if (trx) return auditWriter.get()(trx, row)
    try {
      await auditWriter.get()(db.connection(), row)
    } catch (error) {
      logger.error({ err: error, action: row.action }, 'audit row not written')
    }
  },
}
