import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { planFlagValues, planHas } from '#core/plan_flags'
import type { PlanFlag } from '#core/module'

export default class Plan extends BaseModel {
  @column({ isPrimary: true }) declare id: number
  @column() declare name: string
  @column() declare users: number
  @column() declare connections: number
  @column() declare queues: number
  @column({ consume: (v) => Number(v) }) declare amount: number
  /** flag → on/off; flags are declared by plugins (#core/plan_flags) */
  @column({ prepare: (v) => JSON.stringify(v ?? {}), serializeAs: null })
  declare features: Record<PlanFlag, boolean>
  @column() declare isPublic: boolean
  @column.dateTime({ autoCreate: true }) declare createdAt: DateTime
  @column.dateTime({ autoCreate: true, autoUpdate: true }) declare updatedAt: DateTime

  has(flag: PlanFlag) {
    return planHas(this, flag)
  }

  /** Sets flags (others keep their value). */
  setFlags(flags: Record<PlanFlag, boolean>) {
    this.features = { ...(this.features ?? {}), ...flags }
  }

  /** every declared flag as a top-level boolean, the spec's plan payload */
  serializeExtras() {
    return planFlagValues(this)
  }
}
