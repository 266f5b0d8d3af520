import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('plans', (t) => {
      t.increments('id')
      t.string('name', 100).notNullable().unique()
      t.integer('users').notNullable().defaultTo(10)
      t.integer('connections').notNullable().defaultTo(10)
      t.integer('queues').notNullable().defaultTo(10)
      t.decimal('amount', 12, 2).notNullable().defaultTo(0)
      for (const flag of [
        'use_whatsapp',
        'use_facebook',
        'use_instagram',
        'use_campaigns',
        'use_schedules',
        'use_internal_chat',
        'use_external_api',
        'use_kanban',
        'use_open_ai',
        'use_integrations',
      ]) {
        t.boolean(flag).notNullable().defaultTo(true)
      }
      t.boolean('is_public').notNullable().defaultTo(true)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
  }
  async down() {
    this.schema.dropTable('plans')
  }
}
