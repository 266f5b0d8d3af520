import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Ticket tracking, recorded from the inbox's ticket events (the inbox's own
 * tables are never read). One session per stretch of a ticket's life: queued
 * when it opens or reopens, started when an agent takes it, closed when the
 * service ends (NPS asked or closed), finished when the ticket is closed.
 * No foreign key to tickets: the inbox owns that table.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('dashboard_ticket_sessions', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable()
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      // the ticket's connection and kind, read once from the inbox when the session opens (reports filter by them)
      t.integer('whatsapp_id').nullable().references('whatsapps.id').onDelete('SET NULL')
      t.boolean('is_group').notNullable().defaultTo(false)
      t.timestamp('queued_at', { useTz: true }).notNullable()
      t.timestamp('started_at', { useTz: true }).nullable()
      t.timestamp('closed_at', { useTz: true }).nullable()
      t.timestamp('nps_at', { useTz: true }).nullable()
      t.timestamp('finished_at', { useTz: true }).nullable()
      t.smallint('rate').nullable()
    })
    this.schema.raw(
      'ALTER TABLE dashboard_ticket_sessions ADD CONSTRAINT dashboard_rate_range CHECK (rate BETWEEN 0 AND 10)'
    )
    // at most one live session per ticket; the counters read a company's sessions by the day they were queued
    this.schema.raw(
      'CREATE UNIQUE INDEX dashboard_sessions_live ON dashboard_ticket_sessions (ticket_id) WHERE finished_at IS NULL'
    )
    this.schema.raw('CREATE INDEX dashboard_sessions_ticket ON dashboard_ticket_sessions (ticket_id, id DESC)')
    this.schema.raw(
      'CREATE INDEX dashboard_sessions_range ON dashboard_ticket_sessions (company_id, queued_at) INCLUDE (user_id, queue_id, whatsapp_id, is_group, started_at, closed_at, nps_at, finished_at, rate)'
    )

    // each ticket's current status, user and queue, for the live counters and the attendance panel
    this.schema.createTable('dashboard_ticket_states', (t) => {
      t.integer('ticket_id').primary()
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('status', 10).notNullable()
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.timestamp('updated_at', { useTz: true }).notNullable()
      t.index(['company_id', 'status'])
    })
  }

  async down() {
    this.schema.dropTable('dashboard_ticket_states')
    this.schema.dropTable('dashboard_ticket_sessions')
  }
}
