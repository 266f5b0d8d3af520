import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** One message of an internal chat (spec 3 §3 Chat message). */
export default class ChatMessage extends TenantModel {
  static table = 'chat_messages'
  @column({ isPrimary: true }) declare id: number
  @column() declare chatId: number
  @column() declare senderId: number | null
  @column() declare message: string
  /** ids of the members named with @name */
  @column() declare mentions: number[]
  /** last edit; the earlier texts are in chat_message_edits */
  @column.dateTime() declare editedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
