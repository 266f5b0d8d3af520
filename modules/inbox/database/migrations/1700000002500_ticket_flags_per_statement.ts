import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The older siblings of inserted tickets are unflagged once per statement
 * instead of once per row (1700000002200_list_performance.ts keeps the flags).
 * The inbound batch inserts a batch's new tickets in one statement; a row
 * trigger ran a PL/pgSQL call and an UPDATE for each of them. Measured at
 * 1,000,000 tickets, 20,000 new conversations in one INSERT: 1.56–1.58 s with
 * the row trigger, 1.27–1.28 s with this one; single-row inserts cost the same
 * (docs/performance.md, "Stop 48").
 *
 * Rows of the same conversation inserted by one statement are all flagged by
 * the BEFORE trigger (each sees only the rows before it); the highest id of
 * each flag wins here, as the row trigger's last call did. Siblings another
 * transaction holds are skipped, as before: a stale extra flag is harmless.
 * Updates keep their row trigger: PostgreSQL allows transition tables only on
 * triggers without a column list, and every message updates its ticket.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_ticket_flags_inserted() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE tickets u
           SET is_latest = u.is_latest AND NOT coalesce(u.id < s.latest, false),
               is_latest_closed = u.is_latest_closed AND NOT coalesce(u.id < s.latest_closed, false)
          FROM (SELECT o.id, g.latest, g.latest_closed
                  FROM (SELECT company_id, contact_id, coalesce(whatsapp_id, 0) AS whatsapp,
                               max(id) FILTER (WHERE is_latest) AS latest,
                               max(id) FILTER (WHERE is_latest_closed) AS latest_closed
                          FROM inserted WHERE is_latest OR is_latest_closed
                         GROUP BY 1, 2, 3) g
                  JOIN tickets o ON o.contact_id = g.contact_id AND coalesce(o.whatsapp_id, 0) = g.whatsapp
                                AND o.company_id = g.company_id
                 WHERE (o.id < g.latest AND o.is_latest) OR (o.id < g.latest_closed AND o.is_latest_closed)
                   FOR UPDATE OF o SKIP LOCKED) s
         WHERE u.id = s.id;
        RETURN NULL;
      END $$`)
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_inserted ON tickets')
    this.schema.raw(`CREATE TRIGGER tickets_flags_inserted AFTER INSERT ON tickets
      REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION inbox_ticket_flags_inserted()`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_inserted ON tickets')
    this.schema.raw(`CREATE TRIGGER tickets_flags_inserted AFTER INSERT ON tickets
      FOR EACH ROW WHEN (NEW.is_latest OR NEW.is_latest_closed) EXECUTE FUNCTION inbox_ticket_flags_group()`)
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_ticket_flags_inserted()')
  }
}
