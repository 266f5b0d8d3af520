import { BaseSchema } from '@adonisjs/lucid/schema'

/** Messages keep their edits: each earlier text, with when it was replaced. */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('chat_messages', (t) => {
      t.timestamp('edited_at', { useTz: true }).nullable()
    })
    this.schema.createTable('chat_message_edits', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('message_id').notNullable().references('chat_messages.id').onDelete('CASCADE')
      // the text as it was before this edit
      t.text('previous').notNullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['message_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('chat_message_edits')
    this.schema.alterTable('chat_messages', (t) => {
      t.dropColumn('edited_at')
    })
  }
}
