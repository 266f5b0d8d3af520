/**
 * Token → connection and company state, cached for a few seconds: the webhook
 * is the hot path of inbound traffic and these rows rarely change. A revoked
 * token or an expired company takes effect within TTL_MS (the plan flag is
 * checked by the core's channelRoutes, also cached for seconds).
 */
import { tenancy } from '#core/tenancy'
import { Company, Whatsapp } from '#core/models'

const TTL_MS = 5000

export interface CachedConnection {
  whatsapp: Whatsapp | null
  companyActive: boolean
}

const cache = new Map<string, { at: number; value: Promise<CachedConnection>; known?: boolean }>()

async function load(token: string): Promise<CachedConnection> {
  return tenancy.asSystem(async () => {
    const whatsapp = await Whatsapp.query().where('token', token).where('channel', 'api').first()
    if (!whatsapp) return { whatsapp: null, companyActive: false }
    const company = await Company.query().where('id', whatsapp.companyId).first()
    return {
      whatsapp,
      companyActive: Boolean(company && company.status && !company.isExpired()),
    }
  })
}

export function connectionByToken(token: string): Promise<CachedConnection> {
  const hit = cache.get(token)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value
  if (cache.size > 10_000) cache.clear()
  const value = load(token)
  const entry: { at: number; value: Promise<CachedConnection>; known?: boolean } = { at: Date.now(), value }
  cache.set(token, entry)
  value.then(
    (c) => (entry.known = Boolean(c.whatsapp)),
    () => cache.delete(token)
  )
  return value
}

/** Whether the token names a connection this process has read in the last TTL_MS (no lookup needed). */
export function knownToken(token: string): boolean {
  const hit = cache.get(token)
  return Boolean(hit?.known && Date.now() - hit.at < TTL_MS)
}

export function forgetConnections() {
  cache.clear()
}
