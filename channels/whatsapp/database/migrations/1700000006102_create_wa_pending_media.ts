import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Media messages taken from WhatsApp but not yet handed to the pipeline: the
 * raw message (with its media keys, encrypted) is written here before the
 * download starts, so a crash mid-download does not lose the message; the
 * session resumes these rows when it opens again.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('wa_pending_media', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('provider_message_id', 255).notNullable()
      t.text('message').notNullable()
      t.boolean('imported').notNullable().defaultTo(false)
      t.integer('attempts').notNullable().defaultTo(0)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['whatsapp_id', 'provider_message_id'])
    })
  }

  async down() {
    this.schema.dropTable('wa_pending_media')
  }
}
