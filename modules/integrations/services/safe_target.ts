/**
 * Where an integration may POST: http(s) hosts that do not resolve to
 * link-local (cloud metadata, 169.254.0.0/16, fe80::/10), unspecified or
 * multicast addresses. Loopback and private networks stay allowed: a
 * self-hosted n8n or Typebot next to Balcão is the common case.
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

export function forbiddenAddress(ip: string) {
  const v = ip.toLowerCase().replace(/^::ffff:/, '')
  if (isIP(v) === 4) {
    const [a, b] = v.split('.').map(Number)
    return a === 0 || (a === 169 && b === 254) || a >= 224
  }
  return (
    v === '::' ||
    v.startsWith('fe8') ||
    v.startsWith('fe9') ||
    v.startsWith('fea') ||
    v.startsWith('feb') ||
    v.startsWith('ff')
  )
}

/** The address is one an integration may not reach (its message names the host: admins only). */
export class UnsafeTargetError extends Error {}

/** Throws when the URL's host is not a target an integration may reach. */
export async function assertSafeTarget(url: string) {
  const u = new URL(url)
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UnsafeTargetError('integration URL must be http(s)')
  const host = u.hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true })
  if (!addresses.length || addresses.some((a) => forbiddenAddress(a.address)))
    throw new UnsafeTargetError(`integration URL host ${host} is not allowed`)
}
