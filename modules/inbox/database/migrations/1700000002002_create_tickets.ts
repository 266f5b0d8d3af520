import { BaseSchema } from '@adonisjs/lucid/schema'

/** Statuses in which a contact's conversation on a connection is "live". */
export const LIVE_STATUSES = "('open','pending','group','nps','lgpd')"

/**
 * Tickets and their logs. The partial unique index is what guarantees at most
 * one live ticket per contact and connection: concurrent first messages or
 * concurrent "new ticket" calls cannot both insert; the loser re-reads.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('tickets', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.uuid('uuid').notNullable().unique()
      t.string('status', 10).notNullable().defaultTo('pending')
      t.string('channel', 20).notNullable().defaultTo('whatsapp')
      t.integer('contact_id').notNullable().references('contacts.id').onDelete('CASCADE')
      t.integer('whatsapp_id').nullable().references('whatsapps.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.boolean('is_group').notNullable().defaultTo(false)
      t.boolean('is_bot').notNullable().defaultTo(false)
      t.text('last_message').nullable()
      t.boolean('from_me').notNullable().defaultTo(false)
      t.integer('unread_messages').notNullable().defaultTo(0)
      t.boolean('use_integration').notNullable().defaultTo(false)
      t.integer('integration_id').nullable()
      t.integer('amount_used_bot_queues').notNullable().defaultTo(0)
      t.boolean('is_active_demand').notNullable().defaultTo(false)
      t.boolean('is_transfered').notNullable().defaultTo(false)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(`CREATE UNIQUE INDEX tickets_one_live_per_contact
      ON tickets (company_id, contact_id, (coalesce(whatsapp_id, 0))) WHERE status IN ${LIVE_STATUSES}`)
    // list ordering (updated_at desc, id desc) per status, per assignee and per queue
    this.schema.raw('CREATE INDEX tickets_list_status ON tickets (company_id, status, updated_at DESC, id DESC)')
    this.schema.raw('CREATE INDEX tickets_list_user ON tickets (company_id, user_id, status, updated_at DESC, id DESC)')
    this.schema.raw(
      'CREATE INDEX tickets_list_queue ON tickets (company_id, queue_id, status, updated_at DESC, id DESC)'
    )
    this.schema.raw('CREATE INDEX tickets_contact ON tickets (contact_id, whatsapp_id, id DESC)')
    this.schema.raw('CREATE INDEX tickets_unread ON tickets (company_id, updated_at DESC) WHERE unread_messages > 0')

    this.schema.createTable('ticket_tags', (t) => {
      t.integer('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE')
      t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE')
      t.primary(['ticket_id', 'tag_id'])
      t.index(['tag_id'])
    })

    this.schema.createTable('ticket_logs', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE')
      t.string('type', 30).notNullable()
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['ticket_id', 'id'])
    })

    this.schema.createTable('ticket_notes', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.text('note').notNullable()
      t.integer('ticket_id').nullable().references('tickets.id').onDelete('CASCADE')
      t.integer('contact_id').notNullable().references('contacts.id').onDelete('CASCADE')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['contact_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('ticket_notes')
    this.schema.dropTable('ticket_logs')
    this.schema.dropTable('ticket_tags')
    this.schema.dropTable('tickets')
  }
}
