import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Meta channels' own tables (whatsappapi owns them; facebook and instagram
 * depend on it):
 * - meta_windows: when each contact last wrote on each connection (the 24-hour
 *   customer-service window);
 * - meta_pending_media: WhatsApp Cloud media messages accepted by the webhook
 *   but not yet downloaded and handed to the pipeline (durable across crashes);
 * - wa_cloud_templates: the message templates synced from each connection's WABA;
 * - wa_cloud_template_sends: which outgoing messages are template sends.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('meta_windows', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('contact_number', 64).notNullable()
      t.timestamp('last_inbound_at', { useTz: true }).notNullable()
      t.unique(['company_id', 'whatsapp_id', 'contact_number'])
    })
    this.schema.createTable('meta_pending_media', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('provider_message_id', 255).notNullable()
      t.string('media_id', 255).notNullable()
      t.jsonb('event').notNullable()
      t.integer('attempts').notNullable().defaultTo(0)
      t.text('last_error').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'whatsapp_id', 'provider_message_id'])
    })
    this.schema.createTable('wa_cloud_templates', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('name', 512).notNullable()
      t.string('language', 16).notNullable()
      t.string('category', 32).nullable()
      t.string('status', 32).notNullable()
      t.text('body').notNullable().defaultTo('')
      t.integer('variables').notNullable().defaultTo(0)
      t.jsonb('components').notNullable().defaultTo('[]')
      t.timestamp('synced_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'whatsapp_id', 'name', 'language'])
    })
    this.schema.createTable('wa_cloud_template_sends', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      // null until the message exists; the pending row is matched by ticket and text meanwhile
      t.integer('message_id').nullable()
      t.integer('ticket_id').notNullable()
      t.text('body').notNullable()
      t.string('name', 512).notNullable()
      t.string('language', 16).notNullable()
      t.jsonb('params').notNullable().defaultTo('[]')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['company_id', 'message_id'])
    })
  }

  async down() {
    this.schema.dropTable('wa_cloud_template_sends')
    this.schema.dropTable('wa_cloud_templates')
    this.schema.dropTable('meta_pending_media')
    this.schema.dropTable('meta_windows')
  }
}
