import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The conversations the WhatsApp account has (from chats.upsert and history
 * sync), so "import contacts from chats" works on any process, whoever owns
 * the session, without keeping a store in memory.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('wa_chats', (t) => {
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('jid', 255).notNullable()
      t.string('name', 255).nullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.primary(['whatsapp_id', 'jid'])
    })
  }

  async down() {
    this.schema.dropTable('wa_chats')
  }
}
