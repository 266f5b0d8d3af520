import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * E-mail of replies to visitors who left (the visitor gave an address):
 * seen_up_to is the last message a stream or the history showed them,
 * mailed_up_to the last one sent by e-mail, mail_due_at when the next e-mail
 * is due (set by a reply, cleared once handled), lang and site for the mail.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('webchat_visitors', (t) => {
      t.bigInteger('seen_up_to').notNullable().defaultTo(0)
      t.bigInteger('mailed_up_to').notNullable().defaultTo(0)
      t.timestamp('mail_due_at', { useTz: true }).nullable()
      t.smallint('mail_attempts').notNullable().defaultTo(0)
      t.string('lang', 5).nullable()
      t.string('site', 255).nullable()
    })
    this.schema.raw(
      'CREATE INDEX webchat_visitors_mail_due ON webchat_visitors (mail_due_at) WHERE mail_due_at IS NOT NULL'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS webchat_visitors_mail_due')
    this.schema.alterTable('webchat_visitors', (t) => {
      t.dropColumns('seen_up_to', 'mailed_up_to', 'mail_due_at', 'mail_attempts', 'lang', 'site')
    })
  }
}
