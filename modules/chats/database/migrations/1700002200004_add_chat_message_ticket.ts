import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A message may share a ticket (the "share this ticket" action): its id and
 * uuid, the ticket page's address. No foreign key: tickets belong to the
 * inbox; a deleted ticket leaves a link its page answers "not found" for.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('chat_messages', (t) => {
      t.integer('ticket_id').nullable()
      t.uuid('ticket_uuid').nullable()
    })
  }

  async down() {
    this.schema.alterTable('chat_messages', (t) => {
      t.dropColumns('ticket_id', 'ticket_uuid')
    })
  }
}
