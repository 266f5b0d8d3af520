/**
 * Fetching a file from an address someone outside gave us (a channel's media
 * URL), without letting that address reach inside our network (SSRF):
 * - http and https only, no credentials in the URL;
 * - the host is resolved first and every address it resolves to is checked;
 *   the connection is made to a checked address (the same lookup answers the
 *   socket), so a second, different DNS answer cannot slip through;
 * - loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) and
 *   every special range are refused; link-local (169.254/16, the cloud
 *   metadata address, fe80::/10), unspecified, multicast and reserved ranges
 *   are refused even when private fetching is allowed;
 * - redirects are followed by hand, at most MAX_REDIRECTS, each hop checked again;
 * - the body is streamed and cut off above the size limit; the whole fetch has
 *   a deadline; the content type must be one the caller accepts.
 *
 * Private addresses are allowed only with MEDIA_FETCH_ALLOW_PRIVATE=true (a
 * deployment whose media server sits on its own network; the test suite's fake
 * media server on 127.0.0.1 uses `mediaFetchSettings`). It is read from
 * process.env on each fetch rather than declared in #start/env: an optional
 * switch whose absence is the safe default.
 */
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

export const MAX_REDIRECTS = 3

export type MediaFetchReason =
  | 'invalid_url'
  | 'blocked_address'
  | 'too_many_redirects'
  | 'http_status'
  | 'type'
  | 'too_large'
  | 'timeout'
  | 'unreachable'

/** `permanent`: trying again cannot help (refused address, wrong type, too large, 404). */
export class MediaFetchError extends Error {
  readonly code = 'E_MEDIA_FETCH'
  constructor(
    readonly reason: MediaFetchReason,
    readonly permanent: boolean,
    message: string = reason
  ) {
    super(message)
  }
}

type LookupAddress = { address: string; family: number }
type Resolver = (hostname: string) => Promise<LookupAddress[]>

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true })

const overrides: { allowPrivate?: boolean; resolver?: Resolver } = {}

/** Test switches: private addresses (the local fake media server) and a fake DNS. */
export const mediaFetchSettings = {
  setAllowPrivate(value: boolean | undefined) {
    overrides.allowPrivate = value
  },
  setResolver(fn: Resolver | undefined) {
    overrides.resolver = fn
  },
  reset() {
    overrides.allowPrivate = undefined
    overrides.resolver = undefined
  },
}

const allowPrivate = () => overrides.allowPrivate ?? process.env.MEDIA_FETCH_ALLOW_PRIVATE === 'true'
const resolve = (hostname: string) => (overrides.resolver ?? systemResolver)(hostname)

// ---- address classes ----

type AddressClass = 'public' | 'private' | 'never'

const v4Private = new net.BlockList()
v4Private.addSubnet('10.0.0.0', 8, 'ipv4')
v4Private.addSubnet('127.0.0.0', 8, 'ipv4')
v4Private.addSubnet('172.16.0.0', 12, 'ipv4')
v4Private.addSubnet('192.168.0.0', 16, 'ipv4')
v4Private.addSubnet('100.64.0.0', 10, 'ipv4') // carrier-grade NAT

const v4Never = new net.BlockList()
v4Never.addSubnet('0.0.0.0', 8, 'ipv4') // "this network"
v4Never.addSubnet('169.254.0.0', 16, 'ipv4') // link-local, cloud metadata (169.254.169.254)
v4Never.addSubnet('192.0.0.0', 24, 'ipv4') // IETF protocol assignments
v4Never.addSubnet('192.0.2.0', 24, 'ipv4') // documentation
v4Never.addSubnet('198.18.0.0', 15, 'ipv4') // benchmarking
v4Never.addSubnet('198.51.100.0', 24, 'ipv4') // documentation
v4Never.addSubnet('203.0.113.0', 24, 'ipv4') // documentation
v4Never.addSubnet('224.0.0.0', 4, 'ipv4') // multicast
v4Never.addSubnet('240.0.0.0', 4, 'ipv4') // reserved, broadcast

function classifyV4(ip: string): AddressClass {
  if (v4Never.check(ip, 'ipv4')) return 'never'
  if (v4Private.check(ip, 'ipv4')) return 'private'
  return 'public'
}

/** The 16 bytes of an IPv6 address (zone id dropped, embedded dotted quad allowed); null if malformed. */
function ipv6Bytes(raw: string): number[] | null {
  let ip = raw.split('%')[0]
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip)
  if (dotted) {
    if (!net.isIPv4(dotted[1])) return null
    const q = dotted[1].split('.').map(Number)
    const tail = [(q[0] << 8) | q[1], (q[2] << 8) | q[3]].map((n) => n.toString(16))
    ip = ip.slice(0, -dotted[1].length) + tail.join(':')
  }
  const halves = ip.split('::')
  if (halves.length > 2) return null
  const parse = (s: string) => (s ? s.split(':') : [])
  const head = parse(halves[0])
  const rest = halves.length === 2 ? parse(halves[1]) : []
  const missing = 8 - head.length - rest.length
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest]
  const bytes: number[] = []
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(g)) return null
    const n = Number.parseInt(g, 16)
    bytes.push(n >> 8, n & 0xff)
  }
  return bytes.length === 16 ? bytes : null
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b)
const v4At = (bytes: number[], at: number) => bytes.slice(at, at + 4).join('.')

function classifyV6(ip: string): AddressClass {
  const b = ipv6Bytes(ip)
  if (!b) return 'never'
  const zeros = (n: number) => b.slice(0, n).every((x) => x === 0)
  // IPv4-mapped (::ffff:a.b.c.d) and the old IPv4-compatible form (::a.b.c.d): the IPv4 rules
  if (zeros(10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(v4At(b, 12))
  if (zeros(15) && b[15] === 1) return 'private' // ::1
  if (zeros(12)) return zeros(16) ? 'never' : classifyV4(v4At(b, 12))
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b]) && b.slice(4, 12).every((x) => x === 0)) return classifyV4(v4At(b, 12))
  if ((b[0] & 0xfe) === 0xfc) return 'private' // unique local fc00::/7
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return 'never' // link-local fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return 'never' // old site-local fec0::/10
  if (b[0] === 0xff) return 'never' // multicast
  // 6to4 (2002::/16) carries an IPv4 address in bytes 2..5
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(v4At(b, 2))
  // Teredo (2001::/32), documentation (2001:db8::/32), ORCHID and other special 2001::/23 blocks
  if (b[0] === 0x20 && b[1] === 0x01 && (b[2] & 0xfe) === 0x00) return 'never'
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return 'never'
  // global unicast is 2000::/3; anything else is not an address a media host has
  return (b[0] & 0xe0) === 0x20 ? 'public' : 'never'
}

export function classifyAddress(ip: string): AddressClass {
  const family = net.isIP(ip)
  if (family === 4) return classifyV4(ip)
  if (family === 6) return classifyV6(ip)
  return 'never'
}

/** Whether the server may connect to this address under the current settings. */
export function addressAllowed(ip: string) {
  const kind = classifyAddress(ip)
  return kind === 'public' || (kind === 'private' && allowPrivate())
}

const refused = (what: string) => new MediaFetchError('blocked_address', true, `refused address ${what}`)

/** Every address the host resolves to, all of them allowed; throws otherwise. */
async function checkedAddresses(hostname: string): Promise<LookupAddress[]> {
  if (net.isIP(hostname)) {
    if (!addressAllowed(hostname)) throw refused(hostname)
    return [{ address: hostname, family: net.isIP(hostname) }]
  }
  let found: LookupAddress[]
  try {
    found = await resolve(hostname)
  } catch (error) {
    throw new MediaFetchError('unreachable', false, `cannot resolve ${hostname}: ${(error as Error).message}`)
  }
  if (!found.length) throw new MediaFetchError('unreachable', false, `cannot resolve ${hostname}`)
  const bad = found.find((a) => !addressAllowed(a.address))
  if (bad) throw refused(`${hostname} (${bad.address})`)
  return found
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(raw, base)
  } catch {
    throw new MediaFetchError('invalid_url', true)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MediaFetchError('invalid_url', true)
  if (url.username || url.password || !url.hostname) throw new MediaFetchError('invalid_url', true)
  return url
}

export interface MediaFetchOptions {
  maxBytes: number
  timeoutMs: number
  /** the response's content type (lower-case, without parameters): accepted or not */
  accept: (contentType: string) => boolean
}

export interface FetchedMedia {
  bytes: Buffer
  contentType: string
  /** the address the file came from (after redirects) */
  url: URL
}

/** One request to a checked address; answers the response (body not read). */
function request(url: URL, addresses: LookupAddress[], signal: AbortSignal): Promise<http.IncomingMessage> {
  // the socket connects only to the addresses checked above (no second DNS answer)
  const lookup = (_host: string, options: any, callback: any) => {
    const cb = typeof options === 'function' ? options : callback
    if (options?.all) return cb(null, addresses)
    cb(null, addresses[0].address, addresses[0].family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolvePromise, reject) => {
    const req = client.get(url, {
      lookup: lookup as any,
      agent: false,
      signal,
      headers: { 'accept': '*/*', 'user-agent': 'Balcao-media-fetch/1', 'accept-encoding': 'identity' },
    })
    req.on('response', resolvePromise)
    req.on('error', reject)
  })
}

function failureOf(error: unknown, signal: AbortSignal): MediaFetchError {
  if (error instanceof MediaFetchError) return error
  if (signal.aborted) return new MediaFetchError('timeout', false, 'media fetch timed out')
  return new MediaFetchError('unreachable', false, `media fetch failed: ${(error as Error)?.message ?? error}`)
}

/** Downloads `raw` under the rules above; throws MediaFetchError. */
export async function fetchMedia(raw: string, options: MediaFetchOptions): Promise<FetchedMedia> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let url = parseUrl(raw)
  try {
    for (let hop = 0; ; hop++) {
      const addresses = await checkedAddresses(url.hostname.replace(/^\[|\]$/g, ''))
      const res = await request(url, addresses, signal)
      const status = res.statusCode ?? 0
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume()
        if (hop >= MAX_REDIRECTS) throw new MediaFetchError('too_many_redirects', true)
        url = parseUrl(res.headers.location, url)
        continue
      }
      if (status < 200 || status >= 300) {
        res.resume()
        // the source's own trouble may pass (5xx, 408, 429); a 404 or 403 will not
        const transient = status >= 500 || status === 408 || status === 429
        throw new MediaFetchError('http_status', !transient, `media source answered ${status}`)
      }
      const contentType = String(res.headers['content-type'] ?? '')
        .split(';')[0]
        .trim()
        .toLowerCase()
      if (!options.accept(contentType)) {
        res.destroy()
        throw new MediaFetchError('type', true, `content type ${contentType || '(none)'} refused`)
      }
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy()
        throw new MediaFetchError('too_large', true, `media of ${declared} bytes refused`)
      }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of res) {
        size += (chunk as Buffer).length
        if (size > options.maxBytes) {
          res.destroy()
          throw new MediaFetchError('too_large', true, `media larger than ${options.maxBytes} bytes refused`)
        }
        chunks.push(chunk as Buffer)
      }
      return { bytes: Buffer.concat(chunks), contentType, url }
    }
  } catch (error) {
    throw failureOf(error, signal)
  }
}
