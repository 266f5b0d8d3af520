import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('announcements', (t) => {
      t.increments('id')
      t.integer('company_id').nullable().references('companies.id').onDelete('SET NULL')
      t.string('title', 200).notNullable()
      t.text('text').notNullable()
      t.smallint('priority').notNullable().defaultTo(3)
      t.boolean('status').notNullable().defaultTo(true)
      t.string('media_path', 255).nullable()
      t.string('media_name', 255).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['status', 'priority'])
    })
  }
  async down() {
    this.schema.dropTable('announcements')
  }
}
