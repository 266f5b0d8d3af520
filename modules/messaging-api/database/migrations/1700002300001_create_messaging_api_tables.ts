import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The messaging API's own records: every accepted call (idempotency, the
 * answer given, the payload of noRegister sends), per-day usage per
 * connection, the company's outgoing webhooks and their delivery log.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('messaging_api_requests', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('idempotency_key', 200).nullable()
      // sha256 of the call's fields and files: a reused key with other content is refused
      t.string('request_hash', 64).notNullable()
      t.integer('status_code').notNullable().defaultTo(202)
      t.jsonb('response').notNullable().defaultTo('{}')
      t.integer('message_id').nullable()
      t.integer('ticket_id').nullable()
      // noRegister: what the job sends (no contact, ticket or message rows)
      t.boolean('no_register').notNullable().defaultTo(false)
      t.string('number', 30).notNullable()
      t.text('body').notNullable().defaultTo('')
      t.jsonb('medias').notNullable().defaultTo('[]')
      t.string('state', 12).notNullable().defaultTo('queued')
      t.integer('ack').notNullable().defaultTo(0)
      t.string('provider_id', 200).nullable()
      t.string('error', 500).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'whatsapp_id', 'message_id'])
      t.index(['created_at'])
    })
    // one live answer per key and connection; expired keys (24 h) are deleted before reuse
    this.schema.raw(
      `CREATE UNIQUE INDEX messaging_api_requests_idem ON messaging_api_requests (company_id, whatsapp_id, idempotency_key)
       WHERE idempotency_key IS NOT NULL`
    )

    this.schema.createTable('messaging_api_usages', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.date('day').notNullable()
      t.integer('requests').notNullable().defaultTo(0)
      t.integer('sent').notNullable().defaultTo(0)
      t.integer('failed').notNullable().defaultTo(0)
      t.integer('limited').notNullable().defaultTo(0)
      t.unique(['company_id', 'whatsapp_id', 'day'])
    })

    this.schema.createTable('messaging_api_webhooks', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('url', 500).notNullable()
      t.jsonb('events').notNullable().defaultTo('[]')
      t.string('secret', 100).notNullable()
      t.boolean('active').notNullable().defaultTo(true)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id'])
    })

    this.schema.createTable('messaging_api_deliveries', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('webhook_id').notNullable().references('messaging_api_webhooks.id').onDelete('CASCADE')
      t.string('event', 40).notNullable()
      t.jsonb('payload').notNullable()
      // pending → success | failed (after the last attempt); a resend makes it pending again
      t.string('status', 12).notNullable().defaultTo('pending')
      t.integer('attempts').notNullable().defaultTo(0)
      t.integer('response_code').nullable()
      t.string('last_error', 500).nullable()
      t.integer('round').notNullable().defaultTo(0)
      t.timestamp('delivered_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'webhook_id', 'id'])
    })
    // a ticket is announced as created once per webhook, whichever process sees it first
    this.schema.raw(
      `CREATE UNIQUE INDEX messaging_api_deliveries_ticket_created
       ON messaging_api_deliveries (webhook_id, ((payload->'data'->>'ticketId'))) WHERE event = 'ticket.created'`
    )
  }

  async down() {
    this.schema.dropTable('messaging_api_deliveries')
    this.schema.dropTable('messaging_api_webhooks')
    this.schema.dropTable('messaging_api_usages')
    this.schema.dropTable('messaging_api_requests')
  }
}
