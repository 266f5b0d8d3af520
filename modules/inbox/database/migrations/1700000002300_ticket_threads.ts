import { BaseSchema } from '@adonisjs/lucid/schema'

const LIVE_STATUSES = "('open','pending','group','nps','lgpd')"

/**
 * A ticket may belong to one thread of its conversation (InboundEvent.thread:
 * an e-mail thread), so one person can hold several live tickets on a
 * connection, one per thread. The partial unique index now guarantees one
 * live ticket per contact, connection and thread (no thread = the one
 * conversation ticket, as before).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('tickets', (t) => {
      t.string('thread', 255).nullable()
    })
    this.schema.raw('DROP INDEX IF EXISTS tickets_one_live_per_contact')
    this.schema.raw(`CREATE UNIQUE INDEX tickets_one_live_per_contact
      ON tickets (company_id, contact_id, (coalesce(whatsapp_id, 0)), (coalesce(thread, ''))) WHERE status IN ${LIVE_STATUSES}`)
  }

  async down() {
    // several live threads of one contact cannot share the old index: the older ones are closed
    this.schema.raw(`UPDATE tickets t SET status = 'closed', updated_at = now()
      WHERE t.status IN ${LIVE_STATUSES} AND EXISTS (SELECT 1 FROM tickets o
        WHERE o.company_id = t.company_id AND o.contact_id = t.contact_id
          AND coalesce(o.whatsapp_id, 0) = coalesce(t.whatsapp_id, 0) AND o.status IN ${LIVE_STATUSES} AND o.id > t.id)`)
    this.schema.raw('DROP INDEX IF EXISTS tickets_one_live_per_contact')
    this.schema.raw(`CREATE UNIQUE INDEX tickets_one_live_per_contact
      ON tickets (company_id, contact_id, (coalesce(whatsapp_id, 0))) WHERE status IN ${LIVE_STATUSES}`)
    this.schema.alterTable('tickets', (t) => {
      t.dropColumn('thread')
    })
  }
}
