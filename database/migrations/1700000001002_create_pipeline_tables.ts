import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The durable inbound log: every event a channel hands in is written here
 * first, deduplicated by the provider's id under a unique constraint, and only
 * then processed by a job. A crash between the two loses nothing: pending rows
 * are picked up again by the recovery sweep.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('inbound_events', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('event_id', 255).notNullable()
      t.string('kind', 20).notNullable()
      t.jsonb('payload').notNullable()
      t.string('status', 10).notNullable().defaultTo('pending')
      t.integer('attempts').notNullable().defaultTo(0)
      t.text('last_error').nullable()
      t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('processed_at', { useTz: true }).nullable()
      t.unique(['company_id', 'whatsapp_id', 'event_id'])
    })
    // the recovery sweep reads only pending rows
    this.schema.raw("CREATE INDEX inbound_events_pending ON inbound_events (received_at) WHERE status = 'pending'")
  }

  async down() {
    this.schema.dropTable('inbound_events')
  }
}
