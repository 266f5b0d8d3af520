import { DateTime } from 'luxon'
import { belongsTo, column, computed } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import { Queue } from '#core/models'
import Contact from './contact.js'

import { mediaUrl } from '../services/media_url.js'

export default class Message extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare ticketId: number
  @column() declare contactId: number | null
  @column() declare whatsappId: number | null
  @column() declare queueId: number | null
  @column() declare userId: number | null
  @column() declare wid: string
  @column() declare body: string
  @column() declare fromMe: boolean
  @column() declare mediaType: string | null
  @column({ serialize: mediaUrl }) declare mediaUrl: string | null
  @column() declare mediaName: string | null
  /** the outside address inbound media was fetched from: never sent to the browser */
  @column({ serializeAs: null }) declare mediaSourceUrl: string | null
  /** why inbound media could not be fetched (inbound_media.ts); the chat shows it as unavailable */
  @column() declare mediaError: string | null
  @column() declare quotedMsgId: number | null
  @column({ serializeAs: null }) declare quotedWid: string | null
  @column() declare isPrivate: boolean
  @column() declare isForwarded: boolean
  @column() declare isDeleted: boolean
  @column() declare isEdited: boolean
  @column() declare read: boolean
  @column() declare ack: number
  @column() declare sendError: string | null
  @column() declare participant: string | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  /** inbound media still being fetched into storage (the chat shows it as loading) */
  @computed()
  get mediaPending() {
    return Boolean(this.mediaSourceUrl && !this.mediaUrl && !this.mediaError)
  }

  @belongsTo(() => Contact) declare contact: BelongsTo<typeof Contact>
  @belongsTo(() => Queue) declare queue: BelongsTo<typeof Queue>
  @belongsTo(() => Message, { foreignKey: 'quotedMsgId' }) declare quotedMsg: BelongsTo<typeof Message>
}
