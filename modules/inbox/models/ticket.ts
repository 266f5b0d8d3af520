import { DateTime } from 'luxon'
import { belongsTo, column, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, ManyToMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import { Queue, User, Whatsapp } from '#core/models'
import Contact from './contact.js'
import Tag from './tag.js'

export type TicketStatus = 'pending' | 'open' | 'closed' | 'group' | 'nps' | 'lgpd'
export const LIVE_STATUSES: TicketStatus[] = ['open', 'pending', 'group', 'nps', 'lgpd']

export default class Ticket extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare uuid: string
  @column() declare status: TicketStatus
  @column() declare channel: string
  @column() declare contactId: number
  @column() declare whatsappId: number | null
  @column() declare queueId: number | null
  @column() declare userId: number | null
  @column() declare isGroup: boolean
  @column() declare isBot: boolean
  @column() declare lastMessage: string | null
  @column() declare fromMe: boolean
  @column() declare unreadMessages: number
  @column() declare useIntegration: boolean
  @column() declare integrationId: number | null
  @column() declare amountUsedBotQueues: number
  @column() declare isActiveDemand: boolean
  @column() declare isTransfered: boolean
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @belongsTo(() => Contact) declare contact: BelongsTo<typeof Contact>
  @belongsTo(() => Queue) declare queue: BelongsTo<typeof Queue>
  @belongsTo(() => User) declare user: BelongsTo<typeof User>
  @belongsTo(() => Whatsapp) declare whatsapp: BelongsTo<typeof Whatsapp>
  @manyToMany(() => Tag, { pivotTable: 'ticket_tags' }) declare tags: ManyToMany<typeof Tag>
}
