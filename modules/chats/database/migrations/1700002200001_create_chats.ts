import { BaseSchema } from '@adonisjs/lucid/schema'

/** Internal chats between staff (spec 3 §3): the chat, its members with their unread counts, its messages. */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('chats', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.uuid('uuid').notNullable().unique()
      t.string('title', 100).notNullable()
      // the owner may leave the company; the chat stays with its members (nobody may then edit it)
      t.integer('owner_id').nullable().references('users.id').onDelete('SET NULL')
      t.text('last_message').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['company_id', 'updated_at'])
    })

    this.schema.createTable('chat_users', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('chat_id').notNullable().references('chats.id').onDelete('CASCADE')
      t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('unreads').notNullable().defaultTo(0)
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      // one membership per user and chat: set-wise increments touch each member once
      t.unique(['chat_id', 'user_id'])
      // "my chats" is the list's query
      t.index(['company_id', 'user_id'])
    })

    this.schema.createTable('chat_messages', (t) => {
      t.increments('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('chat_id').notNullable().references('chats.id').onDelete('CASCADE')
      t.integer('sender_id').nullable().references('users.id').onDelete('SET NULL')
      t.text('message').notNullable()
      // members named with @name, notified even when the chat is not open
      t.specificType('mentions', 'integer[]').notNullable().defaultTo('{}')
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.index(['chat_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('chat_messages')
    this.schema.dropTableIfExists('chat_users')
    this.schema.dropTableIfExists('chats')
  }
}
