/**
 * Creates, updates and deletes connections: every rule is checked inside one
 * transaction that holds the company row, so two concurrent saves cannot both
 * pass the plan limit, the default rule or the name check.
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Whatsapp } from '#core/models'
import { tenancy, tenantTable } from '#core/tenancy'
import { audit, changedFields } from '#core/audit'
import type { ConnectionInput } from '../validators.js'
import {
  assertChannelAllowed,
  assertNameFree,
  assertQueues,
  assertTokenFree,
  assertWithinLimit,
  crossFieldRules,
  importWindow,
  vacation,
} from './connection_rules.js'
import { applyDefaultChange, defaultForNew, promoteAfterDelete } from './default_connection.js'
import { channelSettingsFor } from './channel_settings.js'

const PLAIN_FIELDS = [
  'allowGroup',
  'groupAsTicket',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'importOldMessagesGroups',
  'closedTicketsPostImported',
  'sendIdQueue',
  'timeSendQueue',
  'integrationId',
  'promptId',
  'timeCreateNewTicket',
  'maxUseBotQueues',
  'expiresTicket',
  'whenExpiresTicket',
  'expiresInactiveMessage',
  'timeInactiveMessage',
  'inactiveMessage',
  'ratingMessage',
  'maxUseBotQueuesNPS',
  'expiresTicketNPS',
  'provider',
  'color',
] as const

function scheduleRows(schedules: ConnectionInput['schedules']) {
  return schedules?.map((s) => ({
    weekday: s.weekday,
    weekdayEn: s.weekdayEn,
    startTimeA: s.startTimeA ?? '',
    endTimeA: s.endTimeA ?? '',
    startTimeB: s.startTimeB ?? '',
    endTimeB: s.endTimeB ?? '',
  }))
}

function assign(row: Whatsapp, input: ConnectionInput, current?: Whatsapp) {
  const win = importWindow(input, current)
  const vac = vacation(input, current)
  crossFieldRules(input, current)
  for (const k of PLAIN_FIELDS) if (input[k] !== undefined) (row as any)[k] = input[k]
  if (input.name !== undefined) row.name = input.name
  if (input.timeUseBotQueues !== undefined) row.timeUseBotQueues = String(input.timeUseBotQueues)
  if (input.schedules) row.schedules = scheduleRows(input.schedules) as any
  row.collectiveVacationMessage = vac.message ?? null
  row.collectiveVacationStart = vac.start
  row.collectiveVacationEnd = vac.end
  row.importOldMessages = win.enabled
  row.importOldMessagesDate = win.start
  row.importRecentMessages = win.recentFlag
  return win
}

async function saveImportWindow(trx: TransactionClientContract, row: Whatsapp, win: ReturnType<typeof importWindow>) {
  await trx.rawQuery(
    `INSERT INTO connection_imports (whatsapp_id, company_id, from_date, until_date, groups)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (whatsapp_id) DO UPDATE SET from_date = excluded.from_date, until_date = excluded.until_date,
       groups = excluded.groups
       WHERE connection_imports.company_id = excluded.company_id`,
    [
      row.id,
      tenancy.requireCompanyId(),
      win.start?.toISO() ?? null,
      win.recent?.toISO() ?? null,
      Boolean(row.importOldMessagesGroups),
    ] as any[]
  )
}

export async function createConnection(input: ConnectionInput, plan: Record<string, any>) {
  const companyId = tenancy.requireCompanyId()
  const channel = input.channel ?? 'whatsapp'
  assertChannelAllowed(plan, channel)
  const settings = await channelSettingsFor(channel, input.settings as Record<string, unknown> | undefined, {}, true)
  return db.transaction(async (trx) => {
    await trx.from('companies').where('id', companyId).forUpdate().first()
    await assertWithinLimit(trx, companyId)
    await assertNameFree(trx, channel, input.name!)
    await assertQueues(trx, input.queueIds, input.sendIdQueue, input.greetingMessage)
    if (input.token) await assertTokenFree(trx, input.token)
    const row = new Whatsapp()
    row.useTransaction(trx)
    row.channel = channel
    row.status = 'DISCONNECTED'
    if (input.token) row.token = input.token
    row.settings = settings ?? {}
    const win = assign(row, input)
    row.isDefault = await defaultForNew(trx, channel, input.isDefault)
    await row.save()
    if (input.queueIds?.length) await row.related('queues').sync(input.queueIds)
    await saveImportWindow(trx, row, win)
    await audit.record(trx, {
      action: 'connection.create',
      entity: 'connection',
      entityId: row.id,
      companyId,
      after: { ...row.serialize(), queueIds: input.queueIds },
    })
    return row
  })
}

/** Returns the saved row and whether the session must restart (old-message import switched on). */
export async function updateConnection(current: Whatsapp, input: ConnectionInput) {
  const companyId = current.companyId
  const importWasOn = current.importOldMessages
  const row = await db.transaction(async (trx) => {
    await trx.from('companies').where('id', companyId).forUpdate().first()
    const locked = await Whatsapp.query({ client: trx }).where('id', current.id).forUpdate().firstOrFail()
    const before = locked.serialize()
    if (input.name !== undefined) await assertNameFree(trx, locked.channel, input.name, locked.id)
    const greeting = input.greetingMessage !== undefined ? input.greetingMessage : locked.greetingMessage
    await assertQueues(trx, input.queueIds, input.sendIdQueue, greeting)
    if (input.token) await assertTokenFree(trx, input.token, locked.id)
    const win = assign(locked, input, locked)
    const settings = await channelSettingsFor(
      locked.channel,
      input.settings as Record<string, unknown> | undefined,
      locked.settings,
      false
    )
    if (settings !== undefined) locked.settings = settings
    if (input.token) locked.token = input.token
    locked.isDefault = await applyDefaultChange(trx, locked.id, locked.isDefault, input.isDefault)
    await locked.save()
    if (input.queueIds) await locked.related('queues').sync(input.queueIds)
    await saveImportWindow(trx, locked, win)
    await audit.record(trx, {
      action: 'connection.update',
      entity: 'connection',
      entityId: locked.id,
      companyId,
      ...changedFields(before, { ...locked.serialize(), queueIds: input.queueIds }),
    })
    return locked
  })
  const restart = !importWasOn && row.importOldMessages && row.status === 'CONNECTED'
  return { row, restart }
}

export async function deleteConnection(row: Whatsapp) {
  await db.transaction(async (trx) => {
    await trx.from('companies').where('id', row.companyId).forUpdate().first()
    await tenantTable('whatsapps', trx).where('id', row.id).delete()
    await promoteAfterDelete(trx)
    await audit.record(trx, {
      action: 'connection.delete',
      entity: 'connection',
      entityId: row.id,
      companyId: row.companyId,
      before: row.serialize(),
    })
  })
}
