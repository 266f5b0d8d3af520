import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import { Queue, User } from '#core/models'

export default class TicketLog extends TenantModel {
  static table = 'ticket_logs'
  @column({ isPrimary: true }) declare id: number
  @column() declare ticketId: number
  @column() declare type: string
  @column() declare userId: number | null
  @column() declare queueId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime

  @belongsTo(() => User) declare user: BelongsTo<typeof User>
  @belongsTo(() => Queue) declare queue: BelongsTo<typeof Queue>
}
