import { BaseSchema } from '@adonisjs/lucid/schema'

/** Each user's TOTP secret (sealed), its last accepted step, hashed recovery codes; and the admins' resets. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('two_factor_credentials', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('user_id').notNullable().unique().references('users.id').onDelete('CASCADE')
      t.text('secret').notNullable()
      // null while enrolment waits for its first code
      t.timestamp('enabled_at', { useTz: true }).nullable()
      // the last time step a code was accepted for: a code is never accepted twice
      t.bigInteger('last_step').nullable()
      t.jsonb('recovery_codes').notNullable().defaultTo('[]')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id'])
    })
    this.schema.createTable('two_factor_resets', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('reset_by_id').nullable().references('users.id').onDelete('SET NULL')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'user_id'])
    })
  }

  async down() {
    this.schema.dropTable('two_factor_resets')
    this.schema.dropTable('two_factor_credentials')
  }
}
