import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * NPS answers (0–10) of the rating flow, read by the dashboard. One per
 * ticket: a redelivered reply cannot count twice.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('ratings', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.smallint('rate').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['ticket_id'])
      t.index(['company_id', 'created_at'])
    })
    this.schema.raw('ALTER TABLE ratings ADD CONSTRAINT ratings_rate_range CHECK (rate BETWEEN 0 AND 10)')
  }

  async down() {
    this.schema.dropTable('ratings')
  }
}
