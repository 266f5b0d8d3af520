import { randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { beforeCreate, column, manyToMany } from '@adonisjs/lucid/orm'
import type { ManyToMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import type { WeekdaySchedule } from './company.js'
import Queue from './queue.js'

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 30 random characters (spec 2 §9), from a CSPRNG: the token authenticates API callers. */
export function newConnectionToken(length = 30) {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]
  return out
}

/** A connection (messaging account) of a company on one channel. */
export default class Whatsapp extends TenantModel {
  static table = 'whatsapps'

  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare channel: string
  @column() declare number: string | null
  @column() declare status: string
  @column() declare qrcode: string | null
  @column() declare retries: number
  @column() declare isDefault: boolean
  @column() declare allowGroup: boolean
  @column() declare groupAsTicket: 'enabled' | 'disabled'
  @column({ serializeAs: null }) declare token: string
  @column() declare greetingMessage: string | null
  @column() declare complationMessage: string | null
  @column() declare outOfHoursMessage: string | null
  @column() declare collectiveVacationMessage: string | null
  @column.date() declare collectiveVacationStart: DateTime | null
  @column.date() declare collectiveVacationEnd: DateTime | null
  @column() declare importOldMessages: boolean
  @column.date() declare importOldMessagesDate: DateTime | null
  @column() declare importRecentMessages: boolean
  @column() declare importOldMessagesGroups: boolean
  @column() declare closedTicketsPostImported: boolean
  @column() declare statusImportMessages: string | null
  @column() declare sendIdQueue: number | null
  @column() declare timeSendQueue: number
  @column() declare integrationId: number | null
  @column() declare promptId: number | null
  @column() declare timeCreateNewTicket: number
  @column() declare maxUseBotQueues: number
  @column() declare timeUseBotQueues: string
  @column() declare expiresTicket: number
  @column() declare whenExpiresTicket: number
  @column() declare expiresInactiveMessage: string | null
  @column() declare timeInactiveMessage: number
  @column() declare inactiveMessage: string | null
  @column() declare ratingMessage: string | null
  // the spec's spelling, not the naming strategy's (…Nps)
  @column({ serializeAs: 'maxUseBotQueuesNPS' }) declare maxUseBotQueuesNPS: number
  @column({ serializeAs: 'expiresTicketNPS' }) declare expiresTicketNPS: number
  @column() declare provider: string
  @column() declare color: string | null
  @column({ prepare: (v) => JSON.stringify(v ?? []) }) declare schedules: WeekdaySchedule[]
  /** channel-specific configuration; secrets inside are never serialised */
  @column({ prepare: (v) => JSON.stringify(v ?? {}), serializeAs: null }) declare settings: Record<string, unknown>
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @manyToMany(() => Queue, { pivotTable: 'whatsapp_queues' })
  declare queues: ManyToMany<typeof Queue>

  @beforeCreate()
  static assignToken(row: Whatsapp) {
    if (!row.token) row.token = newConnectionToken()
  }
}
