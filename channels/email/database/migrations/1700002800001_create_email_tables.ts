import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The e-mail channel's tables:
 * - email_mailboxes: per connection, its IMAP mailbox (user@host, unique
 *   across companies: one mailbox never feeds two companies), the last UID
 *   read under the mailbox's UIDVALIDITY (a restart neither loses nor doubles
 *   mail), the session's mode and settings fingerprint, and which process
 *   holds the mailbox (one IMAP session per mailbox across processes);
 * - email_addresses: the conversation number the inbox knows an address by
 *   (contacts are keyed by number; an address is not one);
 * - email_messages: the thread map: every Message-ID seen or sent on a
 *   connection, its thread, the conversation it belongs to and what a reply
 *   needs (subject, references).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('email_mailboxes', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('mailbox', 320).notNullable()
      t.string('mode', 16).notNullable().defaultTo('running')
      t.string('settings_hash', 64).nullable()
      t.bigInteger('uid_validity').nullable()
      t.bigInteger('last_uid').nullable()
      t.string('owner', 120).nullable()
      t.timestamp('owner_until', { useTz: true }).nullable()
      t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['whatsapp_id'])
      t.unique(['mailbox'])
      t.index(['company_id'])
    })
    this.schema.createTable('email_addresses', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.string('number', 32).notNullable()
      t.string('address', 320).notNullable()
      t.unique(['company_id', 'number'])
      t.unique(['company_id', 'address'])
    })
    this.schema.createTable('email_messages', (t) => {
      t.bigIncrements('id')
      t.integer('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      t.integer('whatsapp_id').notNullable().references('whatsapps.id').onDelete('CASCADE')
      t.string('message_id', 255).notNullable()
      t.string('thread_id', 255).notNullable()
      t.string('number', 32).notNullable()
      t.string('direction', 3).notNullable()
      t.string('subject', 500).notNullable().defaultTo('')
      t.text('references').notNullable().defaultTo('')
      t.text('html').nullable()
      t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      t.unique(['whatsapp_id', 'message_id'])
      t.index(['company_id', 'whatsapp_id', 'number'])
    })
  }

  async down() {
    this.schema.dropTableIfExists('email_messages')
    this.schema.dropTableIfExists('email_addresses')
    this.schema.dropTableIfExists('email_mailboxes')
  }
}
