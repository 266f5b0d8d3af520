import { DateTime } from 'luxon'
import { belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import { User } from '#core/models'

export default class TicketNote extends TenantModel {
  static table = 'ticket_notes'
  @column({ isPrimary: true }) declare id: number
  @column() declare note: string
  @column() declare ticketId: number | null
  @column() declare contactId: number
  @column() declare userId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @belongsTo(() => User) declare user: BelongsTo<typeof User>
}
