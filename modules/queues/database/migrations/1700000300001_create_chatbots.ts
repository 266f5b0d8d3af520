import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('chatbots', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('queue_id').nullable().references('queues.id').onDelete('CASCADE')
      t.integer('chatbot_id').nullable().references('chatbots.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.string('queue_type', 20).notNullable().defaultTo('text')
      t.text('greeting_message').nullable()
      t.boolean('close_ticket').notNullable().defaultTo(false)
      t.integer('opt_user_id').nullable().references('users.id').onDelete('SET NULL')
      t.integer('opt_queue_id').nullable().references('queues.id').onDelete('SET NULL')
      // integrations and file lists arrive with their modules; kept as plain ids until then
      t.integer('opt_integration_id').nullable()
      t.integer('opt_file_id').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'queue_id'])
      t.index(['chatbot_id'])
    })
    // a chatbot option hangs from a queue (root) or from another option, never both or neither
    this.schema.raw(
      'ALTER TABLE chatbots ADD CONSTRAINT chatbots_parent_check CHECK ((queue_id IS NULL) <> (chatbot_id IS NULL))'
    )
  }
  async down() {
    this.schema.dropTable('chatbots')
  }
}
