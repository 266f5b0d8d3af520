/**
 * A user's second factor in the current tenant scope: the sealed secret, the
 * last accepted step (replay guard) and the hashed recovery codes.
 */
import encryption from '@adonisjs/core/services/encryption'
import db from '@adonisjs/lucid/services/db'
import { tenantInsert, tenantTable } from '#core/tenancy'
import { clock } from './clock.js'
import { matchStep } from './totp.js'
import { hashRecovery, newRecoveryCodes, normalizeRecovery } from './recovery_codes.js'

const TABLE = 'two_factor_credentials'
const PURPOSE = 'two-factor-secret'

export interface Credential {
  id: number
  user_id: number
  secret: string
  enabled_at: Date | null
  last_step: string | null
  recovery_codes: string[]
}

export const find = (userId: number): Promise<Credential | null> => tenantTable(TABLE).where('user_id', userId).first()

export const isEnabled = async (userId: number) => !!(await find(userId))?.enabled_at

const unseal = (row: Credential) => encryption.decrypt<string>(row.secret, PURPOSE) ?? ''

/** Starts (or restarts) an enrolment: a new secret, not active until a code confirms it. */
export async function start(userId: number, secret: string) {
  const sealed = encryption.encrypt(secret, undefined, PURPOSE)
  await db.transaction(async (trx) => {
    await tenantTable(TABLE, trx).where('user_id', userId).delete()
    await tenantInsert(TABLE, { user_id: userId, secret: sealed, recovery_codes: JSON.stringify([]) }, trx)
  })
}

/**
 * Accepts a TOTP code once: the matched step must be newer than the last
 * accepted one, set in the same statement so two racing calls cannot both pass.
 */
export async function acceptCode(row: Credential, code: string): Promise<boolean> {
  const secret = unseal(row)
  const step = secret ? matchStep(secret, code.replace(/\s/g, ''), clock.now()) : null
  if (step === null) return false
  const updated = await tenantTable(TABLE)
    .where('id', row.id)
    .where((q) => q.whereNull('last_step').orWhere('last_step', '<', step))
    .update({ last_step: step })
  return Number(updated) === 1
}

/** Uses up one recovery code (row-locked: a code works once). */
export async function acceptRecoveryCode(row: Credential, code: string): Promise<boolean> {
  if (normalizeRecovery(code).length !== 10) return false
  const hash = hashRecovery(code)
  return db.transaction(async (trx) => {
    const locked: Credential | null = await tenantTable(TABLE, trx).where('id', row.id).forUpdate().first()
    if (!locked?.enabled_at || !locked.recovery_codes.includes(hash)) return false
    const left = locked.recovery_codes.filter((h) => h !== hash)
    await tenantTable(TABLE, trx)
      .where('id', row.id)
      .update({ recovery_codes: JSON.stringify(left) })
    return true
  })
}

/** Turns the factor on and returns the plain recovery codes (shown once). */
export async function enable(row: Credential, client: Parameters<typeof tenantTable>[1] = db): Promise<string[]> {
  const codes = newRecoveryCodes()
  await tenantTable(TABLE, client)
    .where('id', row.id)
    .update({ enabled_at: new Date(), recovery_codes: JSON.stringify(codes.map(hashRecovery)) })
  return codes
}

export const remove = (userId: number, client: Parameters<typeof tenantTable>[1] = db) =>
  tenantTable(TABLE, client).where('user_id', userId).delete()

/** A TOTP code (6 digits) or a recovery code. */
export const acceptAny = (row: Credential, code: string) =>
  /^\d{6}$/.test(code.replace(/\s/g, '')) ? acceptCode(row, code) : acceptRecoveryCode(row, code)
