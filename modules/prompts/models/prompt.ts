import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'

/** An AI assistant attached to connections (promptId): its instructions, model and OpenAI key. */
export default class Prompt extends TenantModel {
  static table = 'prompts'
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare prompt: string
  /** sealed (services/secrets.ts) */
  @column({ serializeAs: null }) declare apiKey: string
  @column() declare model: string
  @column() declare voice: string
  @column({ serializeAs: null }) declare voiceKey: string | null
  @column() declare voiceRegion: string | null
  @column() declare maxTokens: number
  @column() declare temperature: number
  @column() declare maxMessages: number
  @column() declare queueId: number | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime
}
