import { BaseSchema } from '@adonisjs/lucid/schema'

/** One row per outbound delivery attempt to a connection's callback URL. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('api_channel_deliveries', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('message_key', 255).notNullable()
      t.integer('status_code').nullable()
      t.boolean('ok').notNullable()
      t.text('error').nullable()
      t.integer('duration_ms').notNullable().defaultTo(0)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['whatsapp_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('api_channel_deliveries')
  }
}
