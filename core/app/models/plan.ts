import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export default class Plan extends BaseModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare users: number
  @column() declare connections: number
  @column() declare queues: number
  @column({ consume: (v) => Number(v) }) declare amount: number
  @column() declare useWhatsapp: boolean
  @column() declare useFacebook: boolean
  @column() declare useInstagram: boolean
  @column() declare useCampaigns: boolean
  @column() declare useSchedules: boolean
  @column() declare useInternalChat: boolean
  @column() declare useExternalApi: boolean
  @column() declare useKanban: boolean
  @column() declare useOpenAi: boolean
  @column() declare useIntegrations: boolean
  @column() declare isPublic: boolean
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
