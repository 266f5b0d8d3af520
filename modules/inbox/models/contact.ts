import { DateTime } from 'luxon'
import { column, hasMany, manyToMany } from '@adonisjs/lucid/orm'
import type { HasMany, ManyToMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import ContactCustomField from './contact_custom_field.js'
import Tag from './tag.js'

export default class Contact extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare number: string
  @column() declare email: string | null
  @column() declare urlPicture: string | null
  @column() declare active: boolean
  @column() declare disableBot: boolean
  @column() declare acceptAudioMessage: boolean
  @column() declare isGroup: boolean
  @column() declare channel: string
  @column.dateTime() declare lgpdAcceptedAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @hasMany(() => ContactCustomField) declare extraInfo: HasMany<typeof ContactCustomField>
  @manyToMany(() => Tag, { pivotTable: 'contact_tags' }) declare tags: ManyToMany<typeof Tag>
}
