/**
 * Default-connection rules (reference §8): the company's first whatsapp
 * connection becomes its default; choosing another default unsets the old one
 * in the same transaction; the default cannot simply be switched off while no
 * other connection takes over (ERR_NO_OTHER_WHATSAPP); deleting the default
 * promotes the oldest remaining whatsapp connection.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import { tenancy, tenantTable } from '#core/tenancy'

/** Every query here runs in the company's tenant scope (tenantTable). */
const connections = (trx?: TransactionClientContract) => tenantTable('whatsapps', trx)

export async function currentDefault(trx: TransactionClientContract) {
  return connections(trx).where('is_default', true).select('id', 'channel').first()
}

/** Decides is_default for a new row; clears the previous default when the new one takes over. */
export async function defaultForNew(trx: TransactionClientContract, channel: string, wanted: boolean | undefined) {
  const existing = await currentDefault(trx)
  if (!existing) return channel === 'whatsapp' || wanted === true
  if (wanted === true) {
    await connections(trx).where('id', existing.id).update({ is_default: false })
    return true
  }
  return false
}

export async function applyDefaultChange(
  trx: TransactionClientContract,
  id: number,
  wasDefault: boolean,
  wanted: boolean | undefined
) {
  if (wanted === undefined || wanted === wasDefault) return wasDefault
  if (wanted) {
    await connections(trx).where('is_default', true).whereNot('id', id).update({ is_default: false })
    return true
  }
  // switching the default off needs another connection to take the role
  throw new AppError('ERR_NO_OTHER_WHATSAPP', 422)
}

export async function promoteAfterDelete(trx: TransactionClientContract) {
  if (await currentDefault(trx)) return
  const next = await connections(trx).where('channel', 'whatsapp').orderBy('id').select('id').first()
  if (next) await connections(trx).where('id', next.id).update({ is_default: true })
}

/** The company's default connection (for sends without a ticket connection). */
export async function defaultConnectionId(): Promise<number> {
  tenancy.requireCompanyId() // one company's default: a system scope has none
  const row = await connections().where('is_default', true).select('id').first()
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
  return row.id
}
