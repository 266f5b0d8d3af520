/**
 * Meta webhooks name the account (a phone number id, a page id, an Instagram
 * account id), not our connection: this finds the connection of a channel whose
 * settings hold that id, with its company's state and plan, cached for a few
 * seconds (webhooks are the hot path; a change takes effect within TTL_MS).
 */
import { tenancy } from '#core/tenancy'
import { planOffersChannel } from '#core/channels'
import { Company, Whatsapp } from '#core/models'

const TTL_MS = 5000

export interface MetaConnection {
  whatsapp: Whatsapp
  /** the company is active and its plan offers the channel */
  accepting: boolean
}

const cache = new Map<string, { at: number; value: Promise<MetaConnection | null> }>()

async function load(channel: string, key: string, id: string): Promise<MetaConnection | null> {
  // system: the webhook names an account; the company is what this lookup finds
  return tenancy.asSystem(async () => {
    const whatsapp = await Whatsapp.query()
      .where('channel', channel)
      .whereRaw('settings->>? = ?', [key, id])
      .orderBy('id')
      .first()
    if (!whatsapp) return null
    const company = await Company.query().where('id', whatsapp.companyId).preload('plan').first()
    const active = Boolean(company && company.status && !company.isExpired())
    return { whatsapp, accepting: active && planOffersChannel(company?.plan ?? null, channel) }
  })
}

export function connectionFor(channel: string, key: string, id: string): Promise<MetaConnection | null> {
  const k = `${channel}:${key}:${id}`
  const hit = cache.get(k)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value
  if (cache.size > 10_000) cache.clear()
  const value = load(channel, key, id)
  cache.set(k, { at: Date.now(), value })
  value.catch(() => cache.delete(k))
  return value
}

/** Tests that change a connection or a plan flag. */
export function forgetMetaConnections() {
  cache.clear()
}
