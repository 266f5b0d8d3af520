import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Inbound events are drained in batches from PostgreSQL instead of one job
 * each. `lane` (a hash of the company and the contact's number) keeps one
 * contact's events in one drainer, in order; `next_attempt_at` holds a failed
 * event back for its retry delay.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('inbound_events', (t) => {
      t.smallint('lane').notNullable().defaultTo(0)
      t.timestamp('next_attempt_at', { useTz: true }).nullable()
    })
    this.schema.raw("CREATE INDEX inbound_events_ready ON inbound_events (lane, id) WHERE status = 'pending'")
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS inbound_events_ready')
    this.schema.alterTable('inbound_events', (t) => {
      t.dropColumn('lane')
      t.dropColumn('next_attempt_at')
    })
  }
}
