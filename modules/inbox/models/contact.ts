import { DateTime } from 'luxon'
import { column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import type { HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import ContactCustomField from './contact_custom_field.js'
import Tag from './tag.js'
import { mediaUrl } from '../services/media_url.js'

export default class Contact extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare number: string
  @column() declare email: string | null
  /** a storage key (profile pictures the channel fetched) or an outside URL */
  @column({ serialize: mediaUrl }) declare urlPicture: string | null
  @column() declare active: boolean
  @column() declare disableBot: boolean
  @column() declare acceptAudioMessage: boolean
  @column() declare isGroup: boolean
  @column() declare channel: string
  /** WhatsApp's privacy identity, when known; never shown to clients */
  @column({ serializeAs: null }) declare lid: string | null
  @column.dateTime() declare lgpdAcceptedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @hasMany(() => ContactCustomField) declare extraInfo: HasMany<typeof ContactCustomField>
  @manyToMany(() => Tag, { pivotTable: 'contact_tags' }) declare tags: ManyToMany<typeof Tag>
}
