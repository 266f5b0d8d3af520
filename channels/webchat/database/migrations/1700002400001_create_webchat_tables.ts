import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * webchat_keys: the public key a website embeds for one connection (public by
 * design: it names the connection, it authorises nothing else).
 * webchat_visitors: the people who wrote through the widget, with what the
 * pre-chat form asked; a visitor token is honoured only while its row exists.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webchat_keys', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().unique().references('whatsapps.id').onDelete('CASCADE')
      t.string('public_key', 64).notNullable().unique()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('webchat_visitors', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('number', 32).notNullable()
      t.string('name', 100).nullable()
      t.string('email', 254).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['whatsapp_id', 'number'])
    })
  }

  async down() {
    this.schema.dropTable('webchat_visitors')
    this.schema.dropTable('webchat_keys')
  }
}
