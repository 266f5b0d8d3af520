/**
 * The company's AI help settings (table assist_settings, one row per company):
 * its own OpenAI key, sealed at rest (#core/secrets), and the model. Kept out
 * of the core's company settings on purpose: GET /settings answers every user
 * of the company, and a key must never reach a browser, sealed or not.
 */
import { isMask, maskSecret, openSecret, sealSecret } from '#core/secrets'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { DEFAULT_MODEL } from '#modules/prompts/public/ai'

export interface AssistSettings {
  /** sealed; '' opens to nothing */
  sealedKey: string | null
  model: string
}

export async function readSettings(): Promise<AssistSettings> {
  const row = await tenantTable('assist_settings').first()
  return { sealedKey: row?.api_key ?? null, model: row?.model || DEFAULT_MODEL }
}

/** The clear key, or '' when none is set (or it cannot be opened: another APP_KEY). */
export const clearKey = (s: AssistSettings) => openSecret(s.sealedKey)

/** What screens see: whether it is on, the model, and for admins the key's mask. */
export function present(s: AssistSettings, isAdmin: boolean) {
  const configured = Boolean(clearKey(s))
  return { configured, model: s.model, ...(isAdmin ? { apiKey: configured ? maskSecret(s.sealedKey) : null } : {}) }
}

/**
 * Saves what was sent: a new key is sealed, its mask (the form sent back
 * unchanged) keeps the stored one, null removes it; a model replaces the model.
 */
export async function writeSettings(data: { apiKey?: string | null; model?: string }) {
  const now = await readSettings()
  let sealedKey = now.sealedKey
  if (data.apiKey === null) sealedKey = null
  else if (data.apiKey && !isMask(data.apiKey)) sealedKey = sealSecret(data.apiKey)
  const model = data.model ?? now.model
  const row = { api_key: sealedKey, model, updated_at: new Date() }
  await tenantInsert('assist_settings', { company_id: tenancy.requireCompanyId(), ...row })
    .onConflict('company_id')
    .merge(row)
  return { sealedKey, model }
}
