import { BaseSchema } from '@adonisjs/lucid/schema'

/** Queue integrations (spec 3 §3), their per-ticket sessions (Typebot) and the webhook delivery log. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('queue_integrations', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('type', 20).notNullable()
      t.string('name', 50).notNullable()
      t.string('project_name', 100).nullable()
      // service-account JSON (Dialogflow), sealed; never returned
      t.text('json_content').nullable()
      t.string('language', 10).nullable()
      t.string('url_n8n', 500).nullable()
      t.string('typebot_slug', 200).nullable()
      t.integer('typebot_expires').notNullable().defaultTo(1)
      t.integer('typebot_delay_message').notNullable().defaultTo(1000)
      t.string('typebot_keyword_finish', 100).nullable()
      t.string('typebot_keyword_restart', 100).nullable()
      t.text('typebot_restart_message').nullable()
      t.text('typebot_unknown_message').nullable()
      // HMAC-SHA256 key of webhook/n8n deliveries, sealed
      t.text('secret').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'name'])
    })
    this.schema.createTable('integration_sessions', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable()
      t.integer('integration_id').notNullable().references('queue_integrations.id').onDelete('CASCADE')
      t.string('session_id', 200).nullable()
      // expiry is measured from here: the last interaction, not the start (reference §5.4)
      t.timestamp('last_activity_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'ticket_id'])
    })
    this.schema.createTable('integration_deliveries', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('integration_id').notNullable().references('queue_integrations.id').onDelete('CASCADE')
      t.integer('ticket_id').notNullable()
      t.integer('message_id').notNullable()
      t.integer('attempt').notNullable()
      t.integer('status_code').nullable()
      t.boolean('ok').notNullable()
      t.string('error', 500).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'integration_id', 'created_at'])
    })
  }
  async down() {
    this.schema.dropTable('integration_deliveries')
    this.schema.dropTable('integration_sessions')
    this.schema.dropTable('queue_integrations')
  }
}
