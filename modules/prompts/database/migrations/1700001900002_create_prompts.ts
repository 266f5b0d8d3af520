import { BaseSchema } from '@adonisjs/lucid/schema'

/** AI prompts (spec 3 §3) and the calls made for them (rate and cost guards, logs). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('prompts', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.text('prompt').notNullable()
      // sealed with the app key; never returned in full
      t.text('api_key').notNullable()
      t.string('model', 64).notNullable().defaultTo('gpt-4o-mini')
      t.string('voice', 64).notNullable().defaultTo('texto')
      t.text('voice_key').nullable()
      t.string('voice_region', 64).nullable()
      t.integer('max_tokens').notNullable().defaultTo(100)
      t.float('temperature').notNullable().defaultTo(1)
      t.integer('max_messages').notNullable().defaultTo(10)
      t.integer('queue_id').nullable().references('queues.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'name'])
    })
    this.schema.createTable('prompt_calls', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('prompt_id').nullable().references('prompts.id').onDelete('SET NULL')
      t.integer('ticket_id').notNullable()
      t.integer('message_id').notNullable()
      // ok | failed | limited | budget
      t.string('outcome', 20).notNullable()
      t.integer('tokens').notNullable().defaultTo(0)
      t.string('error', 500).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'message_id'])
      t.index(['company_id', 'ticket_id', 'created_at'])
      t.index(['company_id', 'created_at'])
    })
  }
  async down() {
    this.schema.dropTable('prompt_calls')
    this.schema.dropTable('prompts')
  }
}
