import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Indexes for the foreign keys into contacts, tickets and messages that had
 * none. PostgreSQL finds the rows referencing a deleted row with a query on
 * the referencing column; without an index each is a scan of the table. At
 * 5,200,000 messages a deleted contact cost a 1 s scan of the messages for
 * `contact_id`, and each of its tickets' messages another 0.77 s for
 * `quoted_msg_id`: 4.9 s to delete a contact with one ticket of five messages,
 * over a minute for a ticket of a hundred (docs/performance.md, "Stop 48").
 * Partial on NOT NULL: the lookup is by a value, and most messages quote none.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'CREATE INDEX IF NOT EXISTS messages_quoted ON messages (quoted_msg_id) WHERE quoted_msg_id IS NOT NULL'
    )
    this.schema.raw('CREATE INDEX IF NOT EXISTS messages_contact ON messages (contact_id) WHERE contact_id IS NOT NULL')
    this.schema.raw('CREATE INDEX IF NOT EXISTS ticket_notes_ticket ON ticket_notes (ticket_id)')
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS messages_quoted')
    this.schema.raw('DROP INDEX IF EXISTS messages_contact')
    this.schema.raw('DROP INDEX IF EXISTS ticket_notes_ticket')
  }
}
