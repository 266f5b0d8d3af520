import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { beforeCreate, column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** An internal conversation between staff of one company (spec 3 §3 Chat). */
export default class Chat extends TenantModel {
  static table = 'chats'
  @column({ isPrimary: true }) declare id: number
  /** the browser route's id: /chats/{uuid} */
  @column() declare uuid: string
  @column() declare title: string
  @column() declare ownerId: number | null
  @column() declare lastMessage: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @beforeCreate()
  static assignUuid(chat: Chat) {
    chat.uuid ??= randomUUID()
  }
}
