import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('quick_messages', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.string('shortcode', 100).notNullable()
      t.text('message').notNullable().defaultTo('')
      t.boolean('geral').notNullable().defaultTo(false)
      t.boolean('visao').notNullable().defaultTo(true)
      t.boolean('status').notNullable().defaultTo(true)
      t.string('media_path', 500).nullable()
      t.string('media_name', 255).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'shortcode'])
    })
  }

  async down() {
    this.schema.dropTable('quick_messages')
  }
}
