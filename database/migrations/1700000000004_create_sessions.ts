import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('user_sessions', (t) => {
      t.uuid('id').primary()
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('user_agent', 255).nullable()
      t.string('ip', 64).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('last_used_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('revoked_at', { useTz: true }).nullable()
      t.string('revoked_reason', 40).nullable()
      t.index(['user_id'])
    })
    this.schema.createTable('refresh_tokens', (t) => {
      t.bigIncrements('id')
      t.uuid('session_id').notNullable().references('user_sessions.id').onDelete('CASCADE')
      t.string('token_hash', 64).notNullable().unique()
      t.timestamp('expires_at', { useTz: true }).notNullable()
      t.timestamp('used_at', { useTz: true }).nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['session_id'])
    })
  }
  async down() {
    this.schema.dropTable('refresh_tokens')
    this.schema.dropTable('user_sessions')
  }
}
