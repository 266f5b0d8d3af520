/**
 * Public keys: one per webchat connection, created on first need. The key is
 * public (it sits in the website's HTML); it only names the connection. The
 * lookup is cached for a few seconds because every widget call makes it; a
 * deleted connection or a switched plan takes effect within TTL_MS.
 */
import { randomBytes } from 'node:crypto'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { Company, Whatsapp } from '#core/models'
import { planOffersChannel } from '#core/channels'

const TTL_MS = 5000
export const KEY_PATTERN = /^wc_[A-Za-z0-9]{24}$/

export interface KeyedConnection {
  whatsapp: Whatsapp | null
  companyActive: boolean
  planOffers: boolean
}

const cache = new Map<string, { at: number; value: Promise<KeyedConnection> }>()

async function load(key: string): Promise<KeyedConnection> {
  const none = { whatsapp: null, companyActive: false, planOffers: false }
  if (!KEY_PATTERN.test(key)) return none
  // system: the key alone names the connection; its company is what this lookup finds
  return tenancy.asSystem(async () => {
    const row = await tenantTable('webchat_keys').where('public_key', key).first()
    if (!row) return none
    const whatsapp = await Whatsapp.query().where('id', row.whatsapp_id).where('channel', 'webchat').first()
    if (!whatsapp) return none
    const company = await Company.query().where('id', whatsapp.companyId).preload('plan').first()
    return {
      whatsapp,
      companyActive: Boolean(company && company.status && !company.isExpired()),
      planOffers: planOffersChannel(company?.plan ?? null, 'webchat'),
    }
  })
}

export function connectionByKey(key: string): Promise<KeyedConnection> {
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value
  if (cache.size > 10_000) cache.clear()
  const value = load(key)
  cache.set(key, { at: Date.now(), value })
  value.catch(() => cache.delete(key))
  return value
}

export function forgetKeys() {
  cache.clear()
}

/** The connection's public key, created when it has none; runs in the connection's company scope. */
export async function ensureKey(whatsappId: number): Promise<string> {
  const found = await tenantTable('webchat_keys').where('whatsapp_id', whatsappId).first()
  if (found) return found.public_key
  const key =
    'wc_' +
    randomBytes(24)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '')
      .padEnd(24, '0')
      .slice(0, 24)
  // two first calls at once: the unique index keeps one, both read it back
  await tenantInsert('webchat_keys', { whatsapp_id: whatsappId, public_key: key }).catch(() => {})
  const row = await tenantTable('webchat_keys').where('whatsapp_id', whatsappId).firstOrFail()
  return row.public_key
}
