import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('global_settings', (t) => {
      t.string('key', 100).primary()
      t.text('value').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.createTable('company_settings', (t) => {
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('key', 100).notNullable()
      t.text('value').notNullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.primary(['company_id', 'key'])
    })
    this.schema.createTable('rate_limits', (t) => {
      t.string('key', 255).primary()
      t.integer('hits').notNullable()
      t.timestamp('reset_at', { useTz: true }).notNullable()
    })
  }
  async down() {
    this.schema.dropTable('rate_limits')
    this.schema.dropTable('company_settings')
    this.schema.dropTable('global_settings')
  }
}
