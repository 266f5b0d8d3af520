/**
 * The channel's own rows (see the migration): the mailbox state per
 * connection, the number each address is known by, and the thread map.
 * Every function runs in the connection's company (tenantTable).
 */
import { createHash, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'

/** this process, as a mailbox session owner */
export const PROCESS_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
export const LEASE_SECONDS = 120

/**
 * The conversation number of an address: 18 digits starting with 7 (a phone
 * number has at most 15, a website visitor's start with 9), derived from the
 * address so the same person is the same contact on every connection of a company.
 */
export function numberOf(address: string) {
  const digest = createHash('sha256').update(`email:${address.toLowerCase()}`).digest()
  return '7' + (digest.readBigUInt64BE(0) % 10n ** 17n).toString().padStart(17, '0')
}

export async function rememberAddress(companyId: number, address: string) {
  const number = numberOf(address)
  await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO email_addresses (company_id, number, address) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING`,
      [companyId, number, address.toLowerCase().slice(0, 320)]
    )
  )
  return number
}

export async function addressOf(companyId: number, number: string): Promise<string | null> {
  const row = await tenancy.run(companyId, () => tenantTable('email_addresses').where('number', number).first())
  return row?.address ?? null
}

export interface ThreadRow {
  message_id: string
  thread_id: string
  number: string
  direction: 'in' | 'out'
  subject: string
  references: string
}

/** The thread one of these Message-IDs belongs to on the connection (the latest known first). */
export async function threadOf(companyId: number, whatsappId: number, ids: string[]): Promise<ThreadRow | null> {
  if (!ids.length) return null
  return tenancy.run(companyId, () =>
    tenantTable('email_messages')
      .where('whatsapp_id', whatsappId)
      .whereIn('message_id', ids.slice(0, 100))
      .orderBy('id', 'desc')
      .first()
  )
}

/**
 * The message a reply on a ticket answers: the quoted one, else the latest of
 * the ticket's thread; null for a ticket without a thread (a new e-mail thread).
 */
export async function parentFor(companyId: number, whatsappId: number, quoted?: string | null, thread?: string | null) {
  return tenancy.run(companyId, async () => {
    if (quoted) {
      const q = await tenantTable('email_messages').where({ whatsapp_id: whatsappId, message_id: quoted }).first()
      if (q) return q as ThreadRow
    }
    if (!thread) return null
    return (await tenantTable('email_messages')
      .where({ whatsapp_id: whatsappId, thread_id: thread })
      .orderBy('id', 'desc')
      .first()) as ThreadRow | null
  })
}

export async function recordMessage(companyId: number, whatsappId: number, row: ThreadRow & { html?: string | null }) {
  await tenancy.run(companyId, () =>
    db.rawQuery(
      `INSERT INTO email_messages (company_id, whatsapp_id, message_id, thread_id, number, direction, subject, "references", html)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (whatsapp_id, message_id) DO NOTHING`,
      [
        companyId,
        whatsappId,
        row.message_id.slice(0, 255),
        row.thread_id.slice(0, 255),
        row.number,
        row.direction,
        row.subject.slice(0, 500),
        row.references.slice(0, 8000),
        row.html ?? null,
      ]
    )
  )
}

export interface MailboxRow {
  mailbox: string
  mode: 'running' | 'stopped'
  settings_hash: string | null
  uid_validity: string | null
  last_uid: string | null
  owner: string | null
  owner_until: Date | null
  company_id: number
  whatsapp_id: number
}

export async function mailboxRow(companyId: number, whatsappId: number): Promise<MailboxRow | null> {
  return tenancy.run(companyId, () => tenantTable('email_mailboxes').where('whatsapp_id', whatsappId).first())
}

/**
 * Claims the mailbox for the connection: false when another company's
 * connection holds it (the unique index on mailbox decides races).
 */
export async function claimMailbox(companyId: number, whatsappId: number, mailbox: string, settingsHash: string) {
  return tenancy.run(companyId, async () => {
    try {
      const r = await db.rawQuery(
        `INSERT INTO email_mailboxes (company_id, whatsapp_id, mailbox, mode, settings_hash)
           VALUES (?, ?, ?, 'running', ?)
           ON CONFLICT (whatsapp_id) DO UPDATE SET
             mailbox = excluded.mailbox, mode = 'running', settings_hash = excluded.settings_hash,
             -- another mailbox: its UIDs mean nothing here
             uid_validity = CASE WHEN email_mailboxes.mailbox = excluded.mailbox THEN email_mailboxes.uid_validity END,
             last_uid = CASE WHEN email_mailboxes.mailbox = excluded.mailbox THEN email_mailboxes.last_uid END,
             updated_at = now()
           WHERE email_mailboxes.company_id = excluded.company_id
           RETURNING id`,
        [companyId, whatsappId, mailbox, settingsHash]
      )
      return r.rows.length > 0
    } catch (error: any) {
      if (error?.code === '23505') return false
      throw error
    }
  })
}

export async function setMode(companyId: number, whatsappId: number, mode: 'running' | 'stopped') {
  await tenancy.run(companyId, () =>
    tenantTable('email_mailboxes')
      .where('whatsapp_id', whatsappId)
      .update({ mode, updated_at: new Date(), ...(mode === 'stopped' ? { owner: null, owner_until: null } : {}) })
  )
}

export async function saveCursor(companyId: number, whatsappId: number, uidValidity: string, lastUid: number) {
  await tenancy.run(companyId, () =>
    tenantTable('email_mailboxes')
      .where('whatsapp_id', whatsappId)
      .update({ uid_validity: uidValidity, last_uid: lastUid, updated_at: new Date() })
  )
}

/** Claims (or renews) the session lease of a running mailbox for this process; false when another live process has it. */
export async function claimLease(companyId: number, whatsappId: number) {
  const r = await tenancy.run(companyId, () =>
    db.rawQuery(
      `UPDATE email_mailboxes SET owner = ?, owner_until = now() + make_interval(secs => ?)
         WHERE company_id = ? AND whatsapp_id = ? AND mode = 'running'
           AND (owner IS NULL OR owner = ? OR owner_until < now())
         RETURNING settings_hash`,
      [PROCESS_ID, LEASE_SECONDS, companyId, whatsappId, PROCESS_ID]
    )
  )
  return r.rows.length ? { settingsHash: r.rows[0].settings_hash as string | null } : null
}

export async function releaseLease(companyId: number, whatsappId: number) {
  await tenancy.run(companyId, () =>
    tenantTable('email_mailboxes')
      .where({ whatsapp_id: whatsappId, owner: PROCESS_ID })
      .update({ owner: null, owner_until: null })
  )
}

export const leaseLive = (row: { owner?: string | null; owner_until?: Date | string | null } | null | undefined) =>
  Boolean(row?.owner && row.owner_until && new Date(row.owner_until).getTime() > Date.now())
