/**
 * Campaign settings (spec 3 §3 keys, §9 defaults): one key/value row per key
 * and company, saved together in one transaction. A key never saved reads as
 * its default.
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantTable } from '#core/tenancy'
import { memoCache } from '#core/cache'

export interface CampaignSettings {
  /** seconds between two sends (randomised around it) */
  messageInterval: number
  /** after this many sends, one longer pause (0: never) */
  longerIntervalAfter: number
  /** seconds of the longer pause */
  greaterInterval: number
  /** HH:mm, company time zone */
  startHour: string
  endHour: string
  /** send on Saturdays / Sundays */
  sabado: boolean
  domingo: boolean
  /** custom placeholders {key} */
  variables: { key: string; value: string }[]
  /** sends per number and day (company time zone) over all campaigns; 0: no cap */
  dailyLimit: number
  /** words that, as a whole reply, opt the number out of every later campaign */
  optOutKeywords: string[]
}

export const DEFAULT_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  startHour: '09:00',
  endHour: '18:00',
  sabado: false,
  domingo: false,
  variables: [],
  dailyLimit: 0,
  optOutKeywords: ['SAIR', 'STOP', 'PARAR'],
}

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof CampaignSettings)[]

/**
 * Every contact's message reads them (the opt-out words): kept per company for
 * SETTINGS_TTL_MS, forgotten in every process when saved (#core/cache).
 */
const SETTINGS_TTL_MS = 10_000
const cached = memoCache<CampaignSettings>('campaign-settings', SETTINGS_TTL_MS)

/** Settings of the company in the current scope (a copy the caller may change). */
export async function readSettings(): Promise<CampaignSettings> {
  return structuredClone(await cached.get(tenancy.requireCompanyId(), loadSettings))
}

async function loadSettings(): Promise<CampaignSettings> {
  const rows = await tenantTable('campaign_settings').select('key', 'value')
  const out: any = { ...DEFAULT_SETTINGS, variables: [], optOutKeywords: [...DEFAULT_SETTINGS.optOutKeywords] }
  for (const r of rows) {
    if (!KEYS.includes(r.key)) continue
    try {
      out[r.key] = JSON.parse(r.value)
    } catch {
      // a row that does not parse reads as its default
    }
  }
  return out as CampaignSettings
}

/** Saves the given keys together (validated by the caller). */
export async function saveSettings(values: Partial<CampaignSettings>): Promise<CampaignSettings> {
  const companyId = tenancy.requireCompanyId()
  await db.transaction(async (trx) => {
    for (const key of KEYS) {
      if (values[key] === undefined) continue
      await trx.rawQuery(
        `INSERT INTO campaign_settings (company_id, key, value, updated_at) VALUES (?, ?, ?, now())
         ON CONFLICT (company_id, key) DO UPDATE SET value = excluded.value, updated_at = now()`,
        [companyId, key, JSON.stringify(values[key])]
      )
    }
  })
  cached.delete(companyId)
  return readSettings()
}
