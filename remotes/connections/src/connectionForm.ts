/**
 * The connection editor's values, their defaults (spec 2 §9), the checks of
 * spec 2 §5 that look at more than one field, and the body sent to
 * POST /whatsapp and PUT /whatsapp/:id (modules/connections/validators.ts).
 */
import { scheduleRows, toIsoDay, type WeekdaySchedule } from '@balcao/ui/core'
import i18next from 'i18next'
import type { Channel, ChannelFieldDef, Connection } from './types.js'

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
export const TOKEN_LENGTH = 30

/** 30 random characters (spec 2 §9), from the browser's CSPRNG */
export function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(TOKEN_LENGTH))
  return Array.from(bytes, (b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join('')
}

export interface ConnectionForm {
  name: string
  channel: Channel
  isDefault: boolean
  allowGroup: boolean
  groupAsTicket: 'enabled' | 'disabled'
  color: string
  queueIds: string[]
  token: string
  provider: string
  importOldMessages: boolean
  importOldMessagesDate: string
  importRecentMessages: string
  importOldMessagesGroups: boolean
  closedTicketsPostImported: boolean
  integrationId: string
  promptId: string
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  inactiveMessage: string
  expiresInactiveMessage: string
  collectiveVacationMessage: string
  collectiveVacationStart: string
  collectiveVacationEnd: string
  sendIdQueue: string
  timeSendQueue: string
  timeCreateNewTicket: string
  maxUseBotQueues: string
  timeUseBotQueues: string
  expiresTicket: string
  whenExpiresTicket: '0' | '1'
  timeInactiveMessage: string
  ratingMessage: string
  expiresTicketNPS: string
  maxUseBotQueuesNPS: string
  schedules: WeekdaySchedule[]
  /** the channel tab's values (the manifest's fields); secrets start empty and empty keeps the stored one */
  settings: Record<string, string>
}

const day = (v: string | null | undefined) => (v ? String(v).slice(0, 10) : '')
const num = (v: number | string | null | undefined, fallback = '0') =>
  v === null || v === undefined ? fallback : String(v)

export function initialForm(c: Connection | null, channel: Channel): ConnectionForm {
  return {
    name: c?.name ?? '',
    channel: c?.channel ?? channel,
    isDefault: c?.isDefault ?? false,
    allowGroup: c?.allowGroup ?? false,
    groupAsTicket: c?.groupAsTicket ?? 'disabled',
    color: c?.color ?? '',
    queueIds: (c?.queueIds ?? []).map(String),
    token: c ? (c.token ?? '') : newToken(),
    provider: c?.provider ?? 'beta',
    importOldMessages: c?.importOldMessages ?? false,
    importOldMessagesDate: day(c?.importOldMessagesDate),
    importRecentMessages: day(c?.importRecentMessages),
    importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
    closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
    integrationId: c?.integrationId ? String(c.integrationId) : '',
    promptId: c?.promptId ? String(c.promptId) : '',
    greetingMessage: c?.greetingMessage ?? '',
    complationMessage: c?.complationMessage ?? '',
    outOfHoursMessage: c?.outOfHoursMessage ?? '',
    inactiveMessage: c?.inactiveMessage ?? '',
    expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
    collectiveVacationMessage: c?.collectiveVacationMessage ?? '',
    collectiveVacationStart: day(c?.collectiveVacationStart),
    collectiveVacationEnd: day(c?.collectiveVacationEnd),
    sendIdQueue: c?.sendIdQueue ? String(c.sendIdQueue) : '',
    timeSendQueue: num(c?.timeSendQueue),
    timeCreateNewTicket: num(c?.timeCreateNewTicket),
    maxUseBotQueues: num(c?.maxUseBotQueues, '3'),
    timeUseBotQueues: num(c?.timeUseBotQueues),
    expiresTicket: num(c?.expiresTicket),
    whenExpiresTicket: c?.whenExpiresTicket === 1 ? '1' : '0',
    timeInactiveMessage: num(c?.timeInactiveMessage),
    ratingMessage: c?.ratingMessage ?? '',
    expiresTicketNPS: num(c?.expiresTicketNPS),
    maxUseBotQueuesNPS: num(c?.maxUseBotQueuesNPS, '3'),
    // stored rows completed to the seven weekdays; weekday keeps the Portuguese name the server stores
    schedules: scheduleRows(c?.schedules, (d) => i18next.t(`kit.schedule.weekdays.${d}`, { lng: 'pt' })),
    settings: Object.fromEntries(
      Object.entries(c?.channelSettings ?? {}).map(([k, value]) => [k, value === null ? '' : String(value)])
    ),
  }
}

/** The channel tab's own checks: required fields (a required secret already stored may stay empty). */
export function channelFieldErrors(
  v: ConnectionForm,
  fields: ChannelFieldDef[],
  secretsSet: Record<string, boolean> = {}
): Record<string, string> {
  const e: Record<string, string> = {}
  for (const f of fields) {
    const value = (v.settings[f.name] ?? '').trim()
    if (f.required && !value && !(f.type === 'password' && secretsSet[f.name])) e[f.name] = 'validation.required'
    else if (value && f.type === 'url' && !/^https?:\/\/[^\s]+$/i.test(value)) e[f.name] = 'connections.validation.url'
  }
  return e
}

/** The settings sent to the server: every declared field (empty clears; an empty secret keeps the stored one). */
export function settingsBody(v: ConnectionForm, fields: ChannelFieldDef[]) {
  return Object.fromEntries(fields.map((f) => [f.name, (v.settings[f.name] ?? '').trim()]))
}

type Errors = Partial<Record<keyof ConnectionForm, string>>

const isNumber = (v: string) => /^\d*$/.test(v.trim())

/** spec 2 §5 beyond single-field rules; values are i18n keys */
export function crossFieldErrors(v: ConnectionForm, now = new Date()): Errors {
  const e: Errors = {}
  for (const k of [
    'timeSendQueue',
    'timeCreateNewTicket',
    'maxUseBotQueues',
    'timeUseBotQueues',
    'expiresTicket',
    'timeInactiveMessage',
    'expiresTicketNPS',
    'maxUseBotQueuesNPS',
  ] as const)
    if (!isNumber(v[k])) e[k] = 'validation.numeric'
  // a redirect time needs its queue (an empty time means 0)
  if (Number(v.timeSendQueue || 0) > 0 && !v.sendIdQueue) e.sendIdQueue = 'connections.validation.errorSendQueue'
  if (v.ratingMessage.trim() && !Number(v.expiresTicketNPS || 0))
    e.expiresTicketNPS = 'connections.validation.errorExpiresNPS'

  const today = toIsoDay(now)
  const twoYearsAgo = toIsoDay(new Date(now.getFullYear() - 2, now.getMonth(), now.getDate()))
  if (v.importOldMessages) {
    if (!v.importOldMessagesDate) e.importOldMessagesDate = 'validation.required'
    else if (v.importOldMessagesDate > today || v.importOldMessagesDate < twoYearsAgo)
      e.importOldMessagesDate = 'connections.validation.importStart'
    if (v.importRecentMessages && (v.importRecentMessages < v.importOldMessagesDate || v.importRecentMessages > today))
      e.importRecentMessages = 'connections.validation.importRecent'
  }

  if (v.collectiveVacationMessage.trim()) {
    if (!v.collectiveVacationStart) e.collectiveVacationStart = 'validation.required'
    if (!v.collectiveVacationEnd) e.collectiveVacationEnd = 'validation.required'
  }
  const tenDaysAgo = toIsoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 10))
  if (v.collectiveVacationStart && v.collectiveVacationStart < tenDaysAgo)
    e.collectiveVacationStart = 'connections.validation.vacationMin'
  if (v.collectiveVacationEnd && v.collectiveVacationEnd < tenDaysAgo)
    e.collectiveVacationEnd = 'connections.validation.vacationMin'
  if (
    !e.collectiveVacationEnd &&
    v.collectiveVacationStart &&
    v.collectiveVacationEnd &&
    v.collectiveVacationEnd < v.collectiveVacationStart
  )
    e.collectiveVacationEnd = 'connections.validation.vacationEnd'
  return e
}

/** Which tab holds a field (dialog/fieldErrors.ts). */
export { TAB_OF } from './dialog/fieldErrors.js'

const text = (s: string) => (s.trim() ? s : null)
const id = (s: string) => (s ? Number(s) : null)
const int = (s: string) => Number(s.trim() || 0)

export function toBody(
  v: ConnectionForm,
  /** admin: the token and the channel settings are sent (token: false leaves the token out alone) */
  options: { isNew: boolean; admin: boolean; token?: boolean; fields?: ChannelFieldDef[] }
) {
  const body: Record<string, unknown> = {
    name: v.name.trim(),
    isDefault: v.isDefault,
    allowGroup: v.allowGroup,
    groupAsTicket: v.groupAsTicket,
    color: text(v.color),
    queueIds: v.queueIds.map(Number),
    provider: v.provider,
    integrationId: id(v.integrationId),
    promptId: id(v.promptId),
    greetingMessage: text(v.greetingMessage),
    complationMessage: text(v.complationMessage),
    outOfHoursMessage: text(v.outOfHoursMessage),
    inactiveMessage: text(v.inactiveMessage),
    expiresInactiveMessage: text(v.expiresInactiveMessage),
    collectiveVacationMessage: text(v.collectiveVacationMessage),
    collectiveVacationStart: v.collectiveVacationStart || null,
    collectiveVacationEnd: v.collectiveVacationEnd || null,
    sendIdQueue: id(v.sendIdQueue),
    timeSendQueue: int(v.timeSendQueue),
    timeCreateNewTicket: int(v.timeCreateNewTicket),
    maxUseBotQueues: int(v.maxUseBotQueues),
    timeUseBotQueues: String(int(v.timeUseBotQueues)),
    expiresTicket: int(v.expiresTicket),
    whenExpiresTicket: Number(v.whenExpiresTicket),
    timeInactiveMessage: int(v.timeInactiveMessage),
    ratingMessage: text(v.ratingMessage),
    expiresTicketNPS: int(v.expiresTicketNPS),
    maxUseBotQueuesNPS: int(v.maxUseBotQueuesNPS),
    schedules: v.schedules,
  }
  if (options.isNew) body.channel = v.channel
  if (options.admin && (options.token ?? true) && v.token) body.token = v.token
  // channel settings are an admin's (the super user's dialog of another company sets them only on a new connection)
  if (options.admin && options.fields?.length) body.settings = settingsBody(v, options.fields)
  if (v.channel === 'whatsapp') {
    body.importOldMessages = v.importOldMessages
    body.importOldMessagesDate = v.importOldMessages ? v.importOldMessagesDate || null : null
    body.importRecentMessages = v.importOldMessages ? v.importRecentMessages || null : null
    body.importOldMessagesGroups = v.importOldMessagesGroups
    body.closedTicketsPostImported = v.closedTicketsPostImported
  }
  return body
}
