import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Messages. `wid` is the provider's id (our own id until the channel returns
 * one); unique per company and connection, so a redelivered or echoed message
 * updates the row it belongs to instead of adding a copy. Body search is
 * Portuguese full-text over the unaccented text, GIN-indexed. Lists order by
 * the provider's timestamp (created_at), not by id: concurrent processing can
 * insert a contact's messages out of order.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('messages', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable().references('tickets.id').onDelete('CASCADE')
      t.integer('contact_id').nullable().references('contacts.id').onDelete('SET NULL')
      t.integer('whatsapp_id').nullable().references('whatsapps.id').onDelete('SET NULL')
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.string('wid', 255).notNullable()
      t.text('body').notNullable().defaultTo('')
      t.boolean('from_me').notNullable().defaultTo(false)
      t.string('media_type', 30).nullable()
      t.string('media_url', 500).nullable()
      t.string('media_name', 255).nullable()
      t.bigInteger('quoted_msg_id').nullable().references('messages.id').onDelete('SET NULL')
      // the provider id of the quoted message, kept until that message is stored (it may arrive later)
      t.string('quoted_wid', 255).nullable()
      t.boolean('is_private').notNullable().defaultTo(false)
      t.boolean('is_forwarded').notNullable().defaultTo(false)
      t.boolean('is_deleted').notNullable().defaultTo(false)
      t.boolean('is_edited').notNullable().defaultTo(false)
      t.boolean('read').notNullable().defaultTo(false)
      t.smallint('ack').notNullable().defaultTo(0)
      t.text('send_error').nullable()
      t.string('participant', 100).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE UNIQUE INDEX messages_wid_unique ON messages (company_id, coalesce(whatsapp_id, 0), wid)')
    this.schema.raw('CREATE INDEX messages_ticket ON messages (ticket_id, created_at DESC, id DESC)')
    this.schema.raw('CREATE INDEX messages_company_from_me ON messages (company_id, from_me, created_at)')
    this.schema.raw(
      'CREATE INDEX messages_pending_quote ON messages (company_id, whatsapp_id, quoted_wid) WHERE quoted_msg_id IS NULL AND quoted_wid IS NOT NULL'
    )
    // the outbox recovery sweep reads only unsent agent messages
    this.schema.raw(
      'CREATE INDEX messages_unsent ON messages (created_at) WHERE ack = 0 AND from_me AND NOT is_private'
    )
    this.schema.raw(
      "CREATE INDEX messages_body_fts ON messages USING gin (to_tsvector('portuguese', inbox_unaccent(body)))"
    )
  }

  async down() {
    this.schema.dropTable('messages')
  }
}
