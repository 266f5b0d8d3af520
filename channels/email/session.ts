/**
 * A mailbox session in this process: IMAP login, INBOX opened read-only, new
 * mail read by UID after the stored cursor (first start: from now on), then
 * IDLE (the server pushes EXISTS) with a periodic look as the fallback for
 * servers without IDLE and for missed pushes. The cursor moves past a mail
 * only after the mail is in the pipeline; a mail read twice after a crash is
 * deduped there by its Message-ID. One process holds a mailbox at a time
 * (the lease in email_mailboxes, renewed every round); a session ends itself
 * when the lease is lost, the connection was stopped or deleted, or its
 * settings changed (the sweep then starts the new ones).
 */
import logger from '@adonisjs/core/services/logger'
import type { ImapFlow } from 'imapflow'
import type { ChannelHooks, ConnectionRef } from '#core/channels'
import { accountOf, fingerprint, imapClient, type EmailAccount } from './accounts.js'
import { pollSeconds } from './config.js'
import { receiveMail } from './inbound.js'
import { claimLease, mailboxRow, releaseLease, saveCursor } from './state.js'

const BATCH = 100
/** a mail that fails this many times in a row is skipped (logged), so one bad mail cannot stall a mailbox */
const MAX_FAILURES = 3

export class MailboxSession {
  stopped = false
  readonly hash: string
  private account: EmailAccount
  private client: ImapFlow | null = null
  private wakeUp: (() => void) | null = null
  /** a wake-up that came while no one waited (mail pushed during a sync): the next wait returns at once */
  private pending = false
  private failures = new Map<number, number>()
  private loop: Promise<void> | null = null
  /** settles after the first connect attempt: true when the mailbox opened */
  readonly firstConnect: Promise<boolean>
  private settleFirst!: (ok: boolean) => void

  constructor(
    readonly connection: ConnectionRef,
    private hooks: ChannelHooks
  ) {
    this.account = accountOf(connection.settings)
    this.hash = fingerprint(this.account)
    this.firstConnect = new Promise((r) => (this.settleFirst = r))
  }

  start() {
    this.loop ??= this.run().finally(() => this.settleFirst(false))
    return this
  }

  async stop() {
    this.stopped = true
    this.wake()
    this.client?.close()
    await this.loop?.catch(() => {})
  }

  wake() {
    const w = this.wakeUp
    this.wakeUp = null
    if (w) w()
    else this.pending = true
  }

  private wait(ms: number) {
    if (this.pending || this.stopped) {
      this.pending = false
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null
        resolve()
      }, ms)
      timer.unref?.()
      this.wakeUp = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /** false when this process may no longer run the mailbox (lease lost, stopped, deleted, new settings) */
  private async holdLease() {
    const lease = await claimLease(this.connection.companyId, this.connection.id)
    return Boolean(lease && lease.settingsHash === this.hash)
  }

  private async run() {
    const { connection, hooks } = this
    let backoff = 2000
    while (!this.stopped) {
      if (!(await this.holdLease().catch(() => false))) break
      const client = imapClient(this.account)
      this.client = client
      client.on('error', () => {})
      client.on('exists', () => this.wake())
      // a dropped connection is noticed at once, not at the next periodic look
      client.on('close', () => this.wake())
      try {
        await client.connect()
        await client.mailboxOpen('INBOX', { readOnly: true })
        await hooks.status(connection, 'CONNECTED')
        await hooks.health?.(connection, { connectedAt: new Date(), error: null })
        this.settleFirst(true)
        backoff = 2000
        const idle = client.capabilities.has('IDLE')
        while (!this.stopped && client.usable) {
          this.pending = false
          await this.sync(client)
          if (!(await this.holdLease())) {
            this.stopped = true
            break
          }
          if (idle) void client.idle().catch(() => {})
          await this.wait(pollSeconds(idle) * 1000)
        }
      } catch (error: any) {
        const code = error?.authenticationFailed ? 'ERR_EMAIL_IMAP_LOGIN' : 'ERR_EMAIL_IMAP_UNREACHABLE'
        logger.warn({ whatsappId: connection.id, error: String(error?.message) }, 'email session failed')
        this.settleFirst(false)
        if (!this.stopped) {
          await hooks.status(connection, 'DISCONNECTED').catch(() => {})
          await hooks.health?.(connection, { error: code, disconnectedAt: new Date() }).catch(() => {})
        }
      } finally {
        await client.logout().catch(() => client.close())
        this.client = null
      }
      if (!this.stopped) {
        await this.wait(backoff)
        backoff = Math.min(backoff * 2, 60_000)
      }
    }
    await releaseLease(connection.companyId, connection.id).catch(() => {})
  }

  /** Reads the mail after the cursor into the pipeline, oldest first, moving the cursor past each. */
  async sync(client: ImapFlow) {
    const { companyId, id } = this.connection
    const box = client.mailbox
    if (!box) return
    const validity = String(box.uidValidity)
    const row = await mailboxRow(companyId, id)
    if (!row) return
    let last = Number(row.last_uid ?? 0)
    if (!row.uid_validity || String(row.uid_validity) !== validity) {
      // a first start, or the server renumbered the mailbox: from now on (not the whole mailbox again as new mail)
      last = Math.max(0, Number(box.uidNext ?? 1) - 1)
      await saveCursor(companyId, id, validity, last)
    }
    const found = await client.search({ uid: `${last + 1}:*` }, { uid: true })
    const uids = (found || [])
      .filter((u) => u > last)
      .sort((a, b) => a - b)
      .slice(0, BATCH)
    for (const uid of uids) {
      if (this.stopped) return
      try {
        const mail = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true })
        if (mail && mail.source) await receiveMail(this.connection, mail.source, this.account.fromAddress)
      } catch (error) {
        if (!client.usable) throw error
        const n = (this.failures.get(uid) ?? 0) + 1
        this.failures.set(uid, n)
        logger.warn({ whatsappId: id, uid, error: String((error as Error).message) }, 'email: a mail failed')
        if (n < MAX_FAILURES) return
      }
      this.failures.delete(uid)
      await saveCursor(companyId, id, validity, uid)
    }
    if (uids.length === BATCH) this.wake()
    if (uids.length) await this.hooks.health?.(this.connection, { messageAt: new Date() }).catch(() => {})
  }
}

const sessions = new Map<number, MailboxSession>()

export function localSession(whatsappId: number) {
  const s = sessions.get(whatsappId)
  return s && !s.stopped ? s : undefined
}

export async function openSession(connection: ConnectionRef, hooks: ChannelHooks) {
  await closeSession(connection.id)
  const session = new MailboxSession(connection, hooks).start()
  sessions.set(connection.id, session)
  return session
}

export async function closeSession(whatsappId: number) {
  const s = sessions.get(whatsappId)
  if (!s) return
  sessions.delete(whatsappId)
  await s.stop()
}

export async function closeAllSessions() {
  await Promise.all([...sessions.keys()].map((id) => closeSession(id)))
}

/** Wakes the connection's session here for an immediate look (tests, a push from elsewhere). */
export function wakeSession(whatsappId: number) {
  sessions.get(whatsappId)?.wake()
}
