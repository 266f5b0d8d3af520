/**
 * A connection's mail accounts from its stored settings: the IMAP client and
 * the SMTP transport, and the checks a save runs (IMAP login, SMTP verify)
 * with the channel's error codes. Passwords are stored sealed; they are opened
 * here only, for the connection being made.
 */
import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { ImapFlow } from 'imapflow'
import nodemailer from 'nodemailer'
import { openSecret } from '#core/secrets'
import { connectTimeoutMs } from './config.js'

export type Security = 'tls' | 'starttls' | 'plain'

export interface EmailAccount {
  fromAddress: string
  fromName: string
  signature: string
  imap: { host: string; port: number; security: Security; user: string; password: string }
  smtp: { host: string; port: number; security: Security; user: string; password: string }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
const secret = (v: unknown) => (typeof v === 'string' ? openSecret(v) || '' : '')
const sec = (v: unknown, fallback: Security): Security =>
  v === 'tls' || v === 'starttls' || v === 'plain' ? v : fallback

/** The account a connection's settings describe (clear passwords: keep it in memory only). */
export function accountOf(settings: Record<string, unknown> | null | undefined): EmailAccount {
  const s = settings ?? {}
  const imapPassword = secret(s.imapPassword)
  return {
    fromAddress: str(s.fromAddress),
    fromName: str(s.fromName),
    signature: typeof s.signature === 'string' ? s.signature : '',
    imap: {
      host: str(s.imapHost),
      port: Number(s.imapPort) || 993,
      security: sec(s.imapSecurity, 'tls'),
      user: str(s.imapUser),
      password: imapPassword,
    },
    smtp: {
      host: str(s.smtpHost),
      port: Number(s.smtpPort) || 587,
      security: sec(s.smtpSecurity, 'starttls'),
      user: str(s.smtpUser) || str(s.imapUser),
      password: secret(s.smtpPassword) || imapPassword,
    },
  }
}

/** The mailbox's identity across companies: user@host, lower-cased. */
export const mailboxOf = (imap: { user: string; host: string }) =>
  `${imap.user.toLowerCase()}@${imap.host.toLowerCase().replace(/\.$/, '')}`.slice(0, 320)

/** A fingerprint of everything a session depends on: a change restarts it. */
export function fingerprint(account: EmailAccount) {
  const { imap } = account
  return createHash('sha256')
    .update(JSON.stringify([imap.host, imap.port, imap.security, imap.user, imap.password]))
    .digest('hex')
}

export function imapClient(account: EmailAccount) {
  const { imap } = account
  return new ImapFlow({
    host: imap.host,
    port: imap.port,
    secure: imap.security === 'tls',
    doSTARTTLS: imap.security === 'starttls' ? true : imap.security === 'plain' ? false : undefined,
    auth: { user: imap.user, pass: imap.password },
    logger: false,
    connectionTimeout: connectTimeoutMs(),
    greetingTimeout: connectTimeoutMs(),
    socketTimeout: 5 * 60_000,
    // the session starts IDLE itself after each look (session.ts)
    disableAutoIdle: true,
  })
}

export function smtpTransport(account: EmailAccount) {
  const { smtp } = account
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'plain',
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: connectTimeoutMs(),
    greetingTimeout: connectTimeoutMs(),
    socketTimeout: 60_000,
  })
}

/** IMAP login check: null when it works, else the error code. */
export async function checkImap(account: EmailAccount): Promise<string | null> {
  if (!(await publicHost(account.imap.host))) return 'ERR_EMAIL_HOST_PRIVATE'
  const client = imapClient(account)
  client.on('error', () => {})
  try {
    await client.connect()
    await client.logout().catch(() => {})
    return null
  } catch (error: any) {
    client.close()
    return error?.authenticationFailed ? 'ERR_EMAIL_IMAP_LOGIN' : 'ERR_EMAIL_IMAP_UNREACHABLE'
  }
}

/** SMTP check (connect, TLS, login): null when it works, else the error code. */
export async function checkSmtp(account: EmailAccount): Promise<string | null> {
  if (!(await publicHost(account.smtp.host))) return 'ERR_EMAIL_HOST_PRIVATE'
  const transport = smtpTransport(account)
  try {
    await transport.verify()
    return null
  } catch (error: any) {
    return error?.code === 'EAUTH' ? 'ERR_EMAIL_SMTP_LOGIN' : 'ERR_EMAIL_SMTP_UNREACHABLE'
  } finally {
    transport.close()
  }
}

/** Loopback, private, link-local, CGNAT and unspecified ranges: not a mail server an admin may point us at. */
const PRIVATE = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6')

/** Whether internal addresses are allowed (development, tests, or EMAIL_ALLOW_PRIVATE_HOSTS=true). */
const privateAllowed = () =>
  process.env.EMAIL_ALLOW_PRIVATE_HOSTS === 'true' ||
  (process.env.EMAIL_ALLOW_PRIVATE_HOSTS !== 'false' && process.env.NODE_ENV !== 'production')

/**
 * Whether a host resolves only to public addresses: a save must not make the
 * server probe its own network (an IMAP "login" to an internal host:port).
 */
export async function publicHost(host: string): Promise<boolean> {
  if (privateAllowed()) return true
  const bare = host.replace(/^\[|\]$/g, '')
  try {
    const addresses = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await lookup(bare, { all: true })
    return (
      addresses.length > 0 &&
      addresses.every((a) => {
        const family = a.family === 6 ? 'ipv6' : 'ipv4'
        if (family === 'ipv6' && /^::ffff:/i.test(a.address)) return !PRIVATE.check(a.address.slice(7), 'ipv4')
        return !PRIVATE.check(a.address, family)
      })
    )
  } catch {
    return true // unresolvable: the connect fails on its own with "unreachable"
  }
}
