/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For this server believes,
 * as a comma-separated list of addresses, IPv4 CIDR ranges or `loopback`.
 * Empty (the default) trusts nobody: request.ip() is the socket's peer. Behind
 * a proxy, without it, every client would share the proxy's address and the
 * per-IP limits would lock one company's staff out together.
 */
const LOOPBACK = ['127.0.0.0/8', '::1']

function plain(address: string) {
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

function ipv4ToInt(ip: string): number | null {
  const parts = ip.split('.')
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null
  return parts.reduce((n, p) => n * 256 + Number(p), 0)
}

function matcher(entry: string): (address: string) => boolean {
  const [base, bits] = entry.split('/')
  const baseInt = ipv4ToInt(base)
  if (bits !== undefined && baseInt !== null) {
    const size = 2 ** (32 - Math.min(32, Math.max(0, Number(bits) || 0)))
    const start = baseInt - (baseInt % size)
    return (address) => {
      const n = ipv4ToInt(address)
      return n !== null && n >= start && n < start + size
    }
  }
  return (address) => address === plain(entry)
}

export function compileTrustProxy(setting: string | undefined): (address: string, distance: number) => boolean {
  const entries = (setting ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => (s === 'loopback' ? LOOPBACK : [s]))
  if (!entries.length) return () => false
  const matchers = entries.map(matcher)
  return (address) => matchers.some((m) => m(plain(address)))
}
