import { DateTime } from 'luxon'
import { column } from '@adonisjs/lucid/orm'
import { TenantModel } from '#core/tenancy'
import { storage } from '#core/storage'

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export default class Campaign extends TenantModel {
  static table = 'campaigns'
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column({ columnName: 'message1' }) declare message1: string | null
  @column({ columnName: 'message2' }) declare message2: string | null
  @column({ columnName: 'message3' }) declare message3: string | null
  @column({ columnName: 'message4' }) declare message4: string | null
  @column({ columnName: 'message5' }) declare message5: string | null
  @column({ columnName: 'confirmation_message1' }) declare confirmationMessage1: string | null
  @column({ columnName: 'confirmation_message2' }) declare confirmationMessage2: string | null
  @column({ columnName: 'confirmation_message3' }) declare confirmationMessage3: string | null
  @column({ columnName: 'confirmation_message4' }) declare confirmationMessage4: string | null
  @column({ columnName: 'confirmation_message5' }) declare confirmationMessage5: string | null
  @column() declare status: CampaignStatus
  @column() declare confirmation: boolean
  @column.dateTime() declare scheduledAt: DateTime | null
  @column.dateTime() declare completedAt: DateTime | null
  @column() declare contactListId: number | null
  /** recipients: the contacts with this tag (instead of a list) */
  @column() declare tagListId: number | null
  /** comma-joined connection ids */
  @column() declare whatsappId: string | null
  @column() declare userId: number | null
  @column() declare queueId: number | null
  @column() declare statusTicket: 'open' | 'closed'
  @column() declare openTicket: 'enabled' | 'disabled'
  @column({ serialize: (v: string | null) => storage.url(v) }) declare mediaPath: string | null
  @column() declare mediaName: string | null
  @column() declare skipAgentTickets: boolean
  @column.dateTime({ serializeAs: null }) declare nextTickAt: DateTime | null
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  get connectionIds(): number[] {
    return String(this.whatsappId ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0)
  }

  get messages(): string[] {
    return [this.message1, this.message2, this.message3, this.message4, this.message5].filter(
      (m): m is string => typeof m === 'string' && m.trim() !== ''
    )
  }

  get confirmationMessages(): string[] {
    return [
      this.confirmationMessage1,
      this.confirmationMessage2,
      this.confirmationMessage3,
      this.confirmationMessage4,
      this.confirmationMessage5,
    ].filter((m): m is string => typeof m === 'string' && m.trim() !== '')
  }

  /** Spec 3 §4: editable when INATIVA, or PROGRAMADA more than one hour ahead. */
  isEditable(now: DateTime) {
    if (this.status === 'INATIVA') return true
    return this.status === 'PROGRAMADA' && !!this.scheduledAt && this.scheduledAt.toMillis() - now.toMillis() > 3600_000
  }
}
