import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('companies', (t) => {
      t.increments('id')
      t.string('name', 100).notNullable()
      t.string('email', 255).nullable()
      t.string('phone', 40).nullable()
      t.integer('plan_id').notNullable().references('plans.id').onDelete('RESTRICT')
      t.boolean('status').notNullable().defaultTo(true)
      t.string('document', 40).nullable()
      t.date('due_date').nullable()
      t.string('recurrence', 20).nullable()
      t.string('payment_method', 40).nullable()
      t.timestamp('last_login', { useTz: true }).nullable()
      t.jsonb('schedules').notNullable().defaultTo('[]')
      // per-company overrides of the plan limits; null = the plan's number
      t.integer('users_limit').nullable()
      t.integer('connections_limit').nullable()
      t.integer('queues_limit').nullable()
      t.string('timezone', 64).notNullable().defaultTo('America/Sao_Paulo')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw('CREATE UNIQUE INDEX companies_name_unique ON companies (lower(name))')
  }
  async down() {
    this.schema.dropTable('companies')
  }
}
