/**
 * The rules of spec 2 §5 and reference §8 that look at more than one field or
 * at the company's other rows. Everything is checked before anything is
 * written, so a refused save leaves no trace.
 */
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError, type FieldError } from '#core/errors'
import { channelCatalog, planOffersChannel } from '#core/channels'
import type { Whatsapp } from '#core/models'
import { tenancy, tenantTable } from '#core/tenancy'
import type { ConnectionInput } from '../validators.js'

const invalid = (code: string, field: string, rule: string, status = 422) =>
  new AppError(code, status, { fields: [{ field, rule, message: rule }] })

/** A channel the company's plan does not offer cannot be created or used. */
export function assertChannelAllowed(plan: Record<string, any>, channel: string) {
  if (!channelCatalog.get(channel) || !planOffersChannel(plan, channel)) {
    throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403)
  }
}

/** company.connectionsLimit overrides the plan's connections (counted over every channel). */
export async function assertWithinLimit(trx: TransactionClientContract, companyId: number) {
  const row = await trx
    .from('companies')
    .join('plans', 'plans.id', 'companies.plan_id')
    .where('companies.id', companyId)
    .select('companies.connections_limit', 'plans.connections')
    .first()
  const limit = row?.connections_limit ?? row?.connections ?? 0
  const used = await tenantTable('whatsapps', trx).count('* as n').first()
  if (Number(used?.n ?? 0) >= limit) throw new AppError('ERR_PLAN_CONNECTIONS_LIMIT', 403)
}

function parseDate(raw: string | null | undefined, field: string): DateTime | null {
  if (raw === null || raw === undefined || raw === '') return null
  const d = DateTime.fromISO(raw.replace(' ', 'T'))
  if (!d.isValid) throw invalid('ERR_VALIDATION', field, 'date')
  return d
}

/** Import window: old messages from at most 2 years ago up to now; recent date between start and now. */
export function importWindow(input: ConnectionInput, current?: Whatsapp) {
  const flag = input.importOldMessages
  const startRaw = typeof flag === 'string' ? flag : input.importOldMessagesDate
  const enabled =
    typeof flag === 'boolean' ? flag : typeof flag === 'string' ? true : (current?.importOldMessages ?? false)
  const start =
    startRaw !== undefined ? parseDate(startRaw, 'importOldMessages') : (current?.importOldMessagesDate ?? null)
  const recentRaw = typeof input.importRecentMessages === 'string' ? input.importRecentMessages : null
  const recent = parseDate(recentRaw, 'importRecentMessages')
  const now = DateTime.now().plus({ minutes: 5 })
  if (enabled && !start) throw invalid('ERR_VALIDATION', 'importOldMessages', 'required')
  if (start && (start > now || start < DateTime.now().minus({ years: 2, days: 1 }))) {
    throw invalid('ERR_WAPP_IMPORT_DATES', 'importOldMessages', 'range')
  }
  if (recent && (!start || recent < start || recent > now)) {
    throw invalid('ERR_WAPP_IMPORT_DATES', 'importRecentMessages', 'range')
  }
  return {
    enabled: enabled && Boolean(start),
    start,
    recent,
    recentFlag: typeof input.importRecentMessages === 'boolean' ? input.importRecentMessages : Boolean(recent),
  }
}

/** Collective vacation: dates required with a message; not before 10 days ago; end after start. */
export function vacation(input: ConnectionInput, current?: Whatsapp) {
  const message =
    input.collectiveVacationMessage !== undefined
      ? input.collectiveVacationMessage
      : (current?.collectiveVacationMessage ?? null)
  const start =
    input.collectiveVacationStart !== undefined
      ? parseDate(input.collectiveVacationStart, 'collectiveVacationStart')
      : (current?.collectiveVacationStart ?? null)
  const end =
    input.collectiveVacationEnd !== undefined
      ? parseDate(input.collectiveVacationEnd, 'collectiveVacationEnd')
      : (current?.collectiveVacationEnd ?? null)
  const fields: FieldError[] = []
  if (message?.trim()) {
    if (!start) fields.push({ field: 'collectiveVacationStart', rule: 'required', message: 'required' })
    if (!end) fields.push({ field: 'collectiveVacationEnd', rule: 'required', message: 'required' })
  }
  const min = DateTime.now().startOf('day').minus({ days: 10 })
  // only newly sent dates are held to the minimum: an old stored vacation stays editable
  if (input.collectiveVacationStart && start && start < min)
    fields.push({ field: 'collectiveVacationStart', rule: 'min', message: 'min' })
  if (input.collectiveVacationEnd && end && end < min)
    fields.push({ field: 'collectiveVacationEnd', rule: 'min', message: 'min' })
  if (start && end && end < start)
    fields.push({ field: 'collectiveVacationEnd', rule: 'afterStart', message: 'afterStart' })
  if (fields.length) throw new AppError('ERR_VALIDATION', 422, { fields })
  return { message, start, end }
}

/** Rules between fields, on the values the row will have after the save. */
export function crossFieldRules(input: ConnectionInput, current?: Whatsapp) {
  const pick = <K extends keyof ConnectionInput & keyof Whatsapp>(k: K) =>
    (input[k] !== undefined ? input[k] : current?.[k]) as any
  const timeSendQueue = Number(pick('timeSendQueue') ?? 0)
  const sendIdQueue = pick('sendIdQueue')
  if (timeSendQueue > 0 && !sendIdQueue) throw invalid('ERR_WAPP_SEND_QUEUE', 'sendIdQueue', 'errorSendQueue')
  const rating = pick('ratingMessage')
  if (typeof rating === 'string' && rating.trim() && !Number(pick('expiresTicketNPS') ?? 0)) {
    throw invalid('ERR_WAPP_EXPIRES_NPS', 'expiresTicketNPS', 'errorExpiresNPS')
  }
}

/** Queues must be the company's; more than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED). */
export async function assertQueues(
  trx: TransactionClientContract,
  queueIds: number[] | undefined,
  sendIdQueue: number | null | undefined,
  greeting: string | null | undefined
) {
  const ids = [...new Set([...(queueIds ?? []), ...(sendIdQueue ? [sendIdQueue] : [])])]
  if (ids.length) {
    const found = await tenantTable('queues', trx).whereIn('id', ids).select('id')
    if (found.length !== ids.length) throw invalid('ERR_NO_QUEUE_FOUND', 'queueIds', 'exists', 404)
  }
  if (queueIds && queueIds.length > 1 && !greeting?.trim()) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 422)
}

/** Names are unique per company and channel (reference §8). */
export async function assertNameFree(trx: TransactionClientContract, channel: string, name: string, exceptId?: number) {
  const q = tenantTable('whatsapps', trx).where('channel', channel).whereRaw('lower(name) = ?', [name.toLowerCase()])
  if (exceptId) q.whereNot('id', exceptId)
  if (await q.first()) throw invalid('ERR_WAPP_NAME_EXISTS', 'name', 'unique', 409)
}

export async function assertTokenFree(trx: TransactionClientContract, token: string, exceptId?: number) {
  // system: the token is unique platform-wide: checked without the tenant filter, answered without details
  const taken = await tenancy.asSystem(() => {
    const q = tenantTable('whatsapps', trx).where('token', token)
    if (exceptId) q.whereNot('id', exceptId)
    return q.first()
  })
  if (taken) throw invalid('ERR_WAPP_TOKEN_EXISTS', 'token', 'unique', 409)
}
