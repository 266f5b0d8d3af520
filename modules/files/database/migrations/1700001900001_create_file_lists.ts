import { BaseSchema } from '@adonisjs/lucid/schema'

/** File lists (spec 3 §3) and their options; each option's file sits in private storage (path = storage key). */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('file_lists', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('name', 100).notNullable()
      t.text('message').notNullable()
      t.integer('user_id').nullable().references('users.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'name'])
    })
    this.schema.createTable('file_list_options', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('file_list_id').notNullable().references('file_lists.id').onDelete('CASCADE')
      t.string('name', 200).notNullable()
      // storage key (c{companyId}/file-lists/...); null until a file is uploaded
      t.string('path', 500).nullable()
      t.string('file_name', 255).nullable()
      t.string('media_type', 20).nullable()
      t.string('mime', 100).nullable()
      t.integer('size').nullable()
      t.integer('position').notNullable().defaultTo(0)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'file_list_id'])
    })
  }
  async down() {
    this.schema.dropTable('file_list_options')
    this.schema.dropTable('file_lists')
  }
}
