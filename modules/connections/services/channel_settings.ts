/**
 * A connection's channel settings (the API channel's callback URL and
 * secret, ...): validated with the schema of the channel's manifest, so only
 * declared keys are stored, and presented without secrets (password fields
 * say whether they are set, never their value).
 */
import vine, { errors } from '@vinejs/vine'
import { channelCatalog } from '#core/channels'
import { AppError } from '#core/errors'

type Settings = Record<string, unknown>

const compiled = new Map<string, any>()

async function validatorOf(channel: string) {
  const manifest = channelCatalog.get(channel)
  if (!manifest?.settings) return null
  const cached = compiled.get(channel)
  if (cached && cached.manifest === manifest) return cached.validator
  const { default: schema } = await manifest.settings()
  const validator = vine.compile(schema)
  compiled.set(channel, { manifest, validator })
  return validator
}

const secretNames = (channel: string) =>
  new Set((channelCatalog.get(channel)?.fields ?? []).filter((f) => f.type === 'password').map((f) => f.name))

/**
 * The settings to store after a save, or undefined to leave them as they are.
 * Sent keys replace stored ones; an empty or null value clears a field, except
 * an empty secret, which keeps the stored one (the browser never has it).
 */
export async function channelSettingsFor(
  channel: string,
  input: Settings | undefined,
  current: Settings | undefined,
  isNew: boolean
): Promise<Settings | undefined> {
  if (input === undefined && !isNew) return undefined
  const validator = await validatorOf(channel)
  if (!validator) {
    if (input && Object.keys(input).length) {
      throw new AppError('ERR_VALIDATION', 422, {
        fields: [{ field: 'settings', rule: 'unknown', message: 'unknown' }],
      })
    }
    return isNew ? {} : undefined
  }
  const secrets = secretNames(channel)
  const data: Settings = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(input ?? {})) {
    if (secrets.has(key) && value === '') continue
    if (value === '' || value === null) delete data[key]
    else data[key] = value
  }
  try {
    const valid = (await validator.validate(data)) as Settings
    return Object.fromEntries(Object.entries(valid).filter(([, v]) => v !== undefined && v !== null))
  } catch (error) {
    if (error instanceof errors.E_VALIDATION_ERROR) {
      const fields = (error.messages as { field: string; rule: string; message: string }[]).map((m) => ({
        field: `settings.${m.field}`,
        rule: m.rule,
        message: m.rule,
      }))
      throw new AppError('ERR_VALIDATION', 422, { fields })
    }
    throw error
  }
}

/** What the browser sees: declared non-secret values, and which secrets are set. */
export function presentChannelSettings(channel: string, stored: Settings | undefined) {
  const fields = channelCatalog.get(channel)?.fields ?? []
  const channelSettings: Record<string, unknown> = {}
  const channelSecrets: Record<string, boolean> = {}
  for (const f of fields) {
    const value = stored?.[f.name]
    if (f.type === 'password') channelSecrets[f.name] = typeof value === 'string' && value.length > 0
    else if (value !== undefined && value !== null) channelSettings[f.name] = value
  }
  return { channelSettings, channelSecrets }
}
