/**
 * Company settings read on hot paths (every inbound event, every list call),
 * cached per company for two seconds: a changed setting applies within that.
 */
import { companySettings } from '#core/settings'
import { tenancy } from '#core/tenancy'

const TTL_MS = 2000
const cache = new Map<string, { at: number; value: Promise<string> }>()

export function cachedSetting(key: string): Promise<string> {
  const id = `${tenancy.requireCompanyId()}:${key}`
  const hit = cache.get(id)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value
  const value = companySettings.get(key)
  cache.set(id, { at: Date.now(), value })
  value.catch(() => cache.delete(id))
  return value
}

export function forgetSettings() {
  cache.clear()
}
