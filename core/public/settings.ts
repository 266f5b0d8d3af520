/**
 * Company and global settings: one key/value store per company plus a small
 * platform-wide store. Keys are declared with their defaults and allowed values
 * (the core's below, modules add theirs through their manifest); a missing row
 * reads as its default, so a key added later needs no backfill.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CompanySetting from '#models/company_setting'
import type { SettingDefinition } from './module.js'
import { AppError } from './errors.js'
import { tenancy, tenantInsert } from './tenancy.js'
import { memoCache } from './cache.js'

const EN = ['enabled', 'disabled']
const on = (d: 'enabled' | 'disabled'): SettingDefinition => ({ default: d, values: EN })
const text = (d = ''): SettingDefinition => ({ default: d })

/** Keys of spec 1 §3 and 2 §3, with the defaults of a new company (reference §8). */
const definitions = new Map<string, SettingDefinition>(
  Object.entries({
    userCreation: { default: 'enabled', values: EN, scope: 'global' },
    userRating: on('disabled'),
    scheduleType: { default: 'disabled', values: ['disabled', 'queue', 'company', 'connection'] },
    chatBotType: { default: 'text', values: ['text'] },
    acceptCallWhatsapp: on('enabled'),
    userRandom: on('enabled'),
    sendGreetingMessageOneQueues: on('enabled'),
    sendSignMessage: on('enabled'),
    sendFarewellWaitingTicket: on('disabled'),
    sendGreetingAccepted: on('enabled'),
    sendQueuePosition: on('disabled'),
    acceptAudioMessageContact: on('enabled'),
    enableLGPD: on('disabled'),
    requiredTag: on('disabled'),
    lgpdDeleteMessage: on('disabled'),
    lgpdHideNumber: on('disabled'),
    lgpdConsent: on('disabled'),
    lgpdMessage: text(),
    lgpdLink: text(),
    sendMsgTransfTicket: on('disabled'),
    DirectTicketsToWallets: on('disabled'),
    closeTicketOnTransfer: on('disabled'),
    allUserChat: on('disabled'),
    campaignsEnabled: { default: 'true', values: ['true', 'false'] },
    showNotificationPending: on('disabled'),
    CheckMsgIsGroup: on('enabled'),
    transferMessage: text(),
    greetingAcceptedMessage: text(),
    AcceptCallWhatsappMessage: text(),
    sendQueuePositionMessage: text(),
  } satisfies Record<string, SettingDefinition>)
)

export const settingsRegistry = {
  define(key: string, definition: SettingDefinition) {
    definitions.set(key, definition)
  },
  definition(key: string) {
    return definitions.get(key)
  },
  keys(scope: 'company' | 'global' = 'company') {
    return [...definitions.entries()].filter(([, d]) => (d.scope ?? 'company') === scope).map(([k]) => k)
  },
  /** Throws ERR_NO_SETTING_FOUND / ERR_INVALID_SETTING_VALUE for bad input. */
  validate(key: string, value: unknown): string {
    const def = definitions.get(key)
    if (!def) throw new AppError('ERR_NO_SETTING_FOUND', 404)
    if (typeof value === 'boolean') value = value ? 'enabled' : 'disabled'
    if (typeof value === 'number') value = String(value)
    if (typeof value !== 'string' || value.length > 5000) throw new AppError('ERR_INVALID_SETTING_VALUE', 422)
    if (def.values && !def.values.includes(value)) throw new AppError('ERR_INVALID_SETTING_VALUE', 422)
    return value
  },
}

/**
 * A company's stored settings, read on hot paths (every list call, every
 * inbound event): cached per company (#core/cache), forgotten in every process
 * when one is written.
 */
const settingsCache = memoCache<Map<string, string>>('company-settings', 10_000)

function storedSettings(): Promise<Map<string, string>> {
  const load = async () => new Map((await CompanySetting.query()).map((r) => [r.key, r.value]))
  const companyId = tenancy.companyId()
  // a system scope reads uncached (there is no one company to key it by)
  return companyId ? settingsCache.get(companyId, load) : load()
}

function forgetSettings(companyId: number, trx?: TransactionClientContract) {
  settingsCache.delete(companyId)
  // and once more when the write is visible, so a read racing the transaction is not kept
  trx?.after('commit', () => settingsCache.delete(companyId))
}

/** Settings of the company in the current tenant scope. */
export const companySettings = {
  async all(): Promise<Record<string, string>> {
    const stored = await storedSettings()
    const out: Record<string, string> = {}
    for (const key of settingsRegistry.keys('company')) {
      out[key] = stored.get(key) ?? definitions.get(key)!.default
    }
    return out
  },

  async get(key: string): Promise<string> {
    const def = definitions.get(key)
    if (!def || def.scope === 'global') throw new AppError('ERR_NO_SETTING_FOUND', 404)
    return (await storedSettings()).get(key) ?? def.default
  },

  async set(key: string, raw: unknown, trx?: TransactionClientContract): Promise<string> {
    const def = definitions.get(key)
    if (!def || def.scope === 'global') throw new AppError('ERR_NO_SETTING_FOUND', 404)
    const value = settingsRegistry.validate(key, raw)
    const companyId = tenancy.requireCompanyId()
    await (trx ?? db).rawQuery(
      `INSERT INTO company_settings (company_id, key, value, updated_at) VALUES (?, ?, ?, now())
       ON CONFLICT (company_id, key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [companyId, key, value]
    )
    forgetSettings(companyId, trx)
    return value
  },

  /** Writes every default for a new company (inside its creating transaction). */
  async createDefaults(trx: TransactionClientContract) {
    const rows = settingsRegistry.keys('company').map((key) => ({ key, value: definitions.get(key)!.default }))
    await tenantInsert('company_settings', rows, trx)
  },
}

export const globalSettings = {
  async get(key: string): Promise<string> {
    const def = definitions.get(key)
    if (!def || def.scope !== 'global') throw new AppError('ERR_NO_SETTING_FOUND', 404)
    const row = await db.from('global_settings').where('key', key).first()
    return row?.value ?? def.default
  },
  async all(): Promise<Record<string, string>> {
    const rows = await db.from('global_settings')
    const stored = new Map(rows.map((r: any) => [r.key, r.value]))
    const out: Record<string, string> = {}
    for (const key of settingsRegistry.keys('global')) out[key] = stored.get(key) ?? definitions.get(key)!.default
    return out
  },
  async set(key: string, raw: unknown): Promise<string> {
    const def = definitions.get(key)
    if (!def || def.scope !== 'global') throw new AppError('ERR_NO_SETTING_FOUND', 404)
    const value = settingsRegistry.validate(key, raw)
    await db.rawQuery(
      `INSERT INTO global_settings (key, value, updated_at) VALUES (?, ?, now())
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [key, value]
    )
    return value
  },
}
