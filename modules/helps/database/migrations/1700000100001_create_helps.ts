import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('helps', (t) => {
      t.increments('id')
      t.string('title', 100).notNullable()
      t.text('description').nullable()
      t.string('video', 255).nullable()
      t.string('link', 500).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }
  async down() {
    this.schema.dropTable('helps')
  }
}
