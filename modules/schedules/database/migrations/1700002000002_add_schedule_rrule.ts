import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Recurrence as an RFC 5545 rule (services/recurrence.ts): FREQ, BYDAY,
 * UNTIL, read from the row's own send time; repeat_count stays the sends left.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('schedules', (t) => {
      t.text('rrule').nullable()
    })
    // rows of before: their repeat_every as a plain rule
    this.schema.raw(
      "UPDATE schedules SET rrule = 'FREQ=' || upper(repeat_every) WHERE repeat_every IN ('daily', 'weekly', 'monthly')"
    )
  }

  async down() {
    this.schema.alterTable('schedules', (t) => {
      t.dropColumn('rrule')
    })
  }
}
