/**
 * Default-connection rules (reference §8): the company's first whatsapp
 * connection becomes its default; choosing another default unsets the old one
 * in the same transaction; the default cannot simply be switched off while no
 * other connection takes over (ERR_NO_OTHER_WHATSAPP); deleting the default
 * promotes the oldest remaining whatsapp connection.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'

export async function currentDefault(trx: TransactionClientContract, companyId: number) {
  return trx.from('whatsapps').where({ company_id: companyId, is_default: true }).select('id', 'channel').first()
}

/** Decides is_default for a new row; clears the previous default when the new one takes over. */
export async function defaultForNew(
  trx: TransactionClientContract,
  companyId: number,
  channel: string,
  wanted: boolean | undefined
) {
  const existing = await currentDefault(trx, companyId)
  if (!existing) return channel === 'whatsapp' || wanted === true
  if (wanted === true) {
    await trx.from('whatsapps').where('id', existing.id).update({ is_default: false })
    return true
  }
  return false
}

export async function applyDefaultChange(
  trx: TransactionClientContract,
  companyId: number,
  id: number,
  wasDefault: boolean,
  wanted: boolean | undefined
) {
  if (wanted === undefined || wanted === wasDefault) return wasDefault
  if (wanted) {
    await trx
      .from('whatsapps')
      .where({ company_id: companyId, is_default: true })
      .whereNot('id', id)
      .update({ is_default: false })
    return true
  }
  // switching the default off needs another connection to take the role
  throw new AppError('ERR_NO_OTHER_WHATSAPP', 422)
}

export async function promoteAfterDelete(trx: TransactionClientContract, companyId: number) {
  if (await currentDefault(trx, companyId)) return
  const next = await trx
    .from('whatsapps')
    .where({ company_id: companyId, channel: 'whatsapp' })
    .orderBy('id')
    .select('id')
    .first()
  if (next) await trx.from('whatsapps').where('id', next.id).update({ is_default: true })
}

/** The company's default connection (for sends without a ticket connection). */
export async function defaultConnectionId(): Promise<number> {
  const row = await db
    .from('whatsapps')
    .where({ company_id: tenancy.requireCompanyId(), is_default: true })
    .select('id')
    .first()
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
  return row.id
}
