import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Messages sent through Messenger and Instagram (their Meta message ids): a
 * "read" webhook names only a time (watermark), so the read acks are found
 * here. Kept small: rows older than the read they wait for are of no use.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('meta_outgoing', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('contact_number', 64).notNullable()
      t.string('mid', 255).notNullable()
      t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.boolean('read').notNullable().defaultTo(false)
      t.unique(['company_id', 'whatsapp_id', 'mid'])
      t.index(['company_id', 'whatsapp_id', 'contact_number', 'read'])
    })
  }

  async down() {
    this.schema.dropTable('meta_outgoing')
  }
}
