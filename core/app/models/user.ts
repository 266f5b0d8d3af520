import { DateTime } from 'luxon'
import { belongsTo, column, manyToMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, ManyToMany } from '@adonisjs/lucid/types/relations'
import { TenantModel } from '#core/tenancy'
import { storage } from '#core/storage'
import Company from './company.js'
import Queue from './queue.js'

export default class User extends TenantModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare email: string
  @column({ serializeAs: null }) declare password: string
  @column() declare profile: 'admin' | 'user'
  @column() declare super: boolean
  @column() declare startWork: string
  @column() declare endWork: string
  @column() declare farewellMessage: string | null
  @column() declare allTicket: 'enable' | 'disable'
  @column() declare allowGroup: boolean
  @column() declare defaultTheme: 'light' | 'dark'
  @column() declare defaultMenu: 'open' | 'closed'
  @column() declare allHistoric: 'enabled' | 'disabled'
  @column() declare allUserChat: 'enabled' | 'disabled'
  @column() declare userClosePendingTicket: 'enabled' | 'disabled'
  @column() declare showDashboard: 'enabled' | 'disabled'
  @column({ serialize: (v: string | null) => storage.url(v) }) declare profileImage: string | null
  @column() declare whatsappId: number | null
  @column() declare defaultTicketsManagerWidth: number
  @column() declare online: boolean
  @column.dateTime() declare lastSeenAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  @belongsTo(() => Company) declare company: BelongsTo<typeof Company>

  @manyToMany(() => Queue, { pivotTable: 'user_queues' })
  declare queues: ManyToMany<typeof Queue>

  get isAdmin() {
    return this.profile === 'admin' || this.super
  }
}
