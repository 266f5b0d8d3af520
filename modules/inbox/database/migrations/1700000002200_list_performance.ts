import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Lists at a million tickets (issue 14, docs/performance.md).
 *
 * 1. "Newest ticket per contact and connection" as data. `tickets.is_latest`
 *    marks the highest id of its (company, contact, connection) group and
 *    `tickets.is_latest_closed` the highest id among the group's closed
 *    tickets: the closed view walks the flagged rows instead of a GROUP BY
 *    max(id) over every closed ticket. Row triggers keep the flags in the
 *    writing transaction whoever writes (the inbox's services, bulk closes,
 *    merges, raw SQL, ON DELETE SET NULL of a connection). Unflagging an older
 *    sibling skips a row another transaction holds (no waits, no deadlocks): a
 *    stale extra flag is harmless because the readers also check that no newer
 *    sibling qualifies (modules/inbox/services/ticket_list.ts).
 * 2. Indexes in each view's order with the tenant first, the group probe.
 * 3. Message full text with the tenant inside every GIN key, stored once per
 *    message (`messages.search_vector`): the index never recomputes it, and a
 *    walk in list order (frequent words) tests it without parsing the text.
 * 4. Contact names unaccented and lower-cased once (`contacts.search_name`),
 *    trigram indexes with the tenant (btree_gin; without it the tenant is a
 *    recheck, same results).
 */
/** Backfill, set-wise: one pass finds each conversation's maxima, one update writes the rows holding them. */
export const BACKFILL_LATEST_FLAGS = `UPDATE tickets t SET is_latest = f.latest, is_latest_closed = f.latest_closed
  FROM (
    SELECT id, bool_or(latest) AS latest, bool_or(latest_closed) AS latest_closed FROM (
      SELECT max(id) AS id, true AS latest, false AS latest_closed
        FROM tickets GROUP BY company_id, contact_id, coalesce(whatsapp_id, 0)
      UNION ALL
      SELECT max(id), false, true
        FROM tickets WHERE status = 'closed' GROUP BY company_id, contact_id, coalesce(whatsapp_id, 0)
    ) m GROUP BY id
  ) f
  WHERE t.id = f.id AND (t.is_latest, t.is_latest_closed) IS DISTINCT FROM (f.latest, f.latest_closed)`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(`DO $$ BEGIN
      CREATE EXTENSION IF NOT EXISTS btree_gin;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'btree_gin unavailable (%): trigram indexes without company_id', SQLERRM;
    END $$`)

    // ---- 1. newest per contact and connection ----
    this.schema.raw(`ALTER TABLE tickets
      ADD COLUMN is_latest boolean NOT NULL DEFAULT false,
      ADD COLUMN is_latest_closed boolean NOT NULL DEFAULT false`)
    this.schema.raw('DROP INDEX IF EXISTS tickets_contact')
    // the group: "is there a newer sibling", the history of a conversation, contact deletes
    this.schema.raw('CREATE INDEX tickets_group ON tickets (contact_id, (coalesce(whatsapp_id, 0)), id DESC)')
    this.schema.raw(BACKFILL_LATEST_FLAGS)

    // BEFORE: the written row's own flags (no second version of the row)
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_ticket_flags_own() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        moved boolean := TG_OP = 'INSERT' OR OLD.contact_id IS DISTINCT FROM NEW.contact_id
          OR coalesce(OLD.whatsapp_id, 0) <> coalesce(NEW.whatsapp_id, 0);
      BEGIN
        IF moved THEN
          NEW.is_latest := NOT EXISTS (SELECT 1 FROM tickets o
            WHERE o.contact_id = NEW.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(NEW.whatsapp_id, 0)
              AND o.company_id = NEW.company_id AND o.id > NEW.id);
        END IF;
        NEW.is_latest_closed := NEW.status = 'closed' AND NOT EXISTS (SELECT 1 FROM tickets o
          WHERE o.contact_id = NEW.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(NEW.whatsapp_id, 0)
            AND o.company_id = NEW.company_id AND o.id > NEW.id AND o.status = 'closed');
        RETURN NEW;
      END $$`)

    // AFTER: the siblings. A row that became the newest unflags the older ones it can lock right
    // away; a row that stopped being the newest hands the flag to the group's next one.
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_ticket_flags_group() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        left_group boolean := TG_OP = 'DELETE' OR OLD.contact_id IS DISTINCT FROM NEW.contact_id
          OR coalesce(OLD.whatsapp_id, 0) <> coalesce(NEW.whatsapp_id, 0);
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          IF OLD.is_latest AND left_group THEN
            UPDATE tickets SET is_latest = true WHERE id = (SELECT o.id FROM tickets o
              WHERE o.contact_id = OLD.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(OLD.whatsapp_id, 0)
                AND o.company_id = OLD.company_id ORDER BY o.id DESC LIMIT 1) AND NOT is_latest;
          END IF;
          IF OLD.is_latest_closed AND (left_group OR NOT NEW.is_latest_closed) THEN
            UPDATE tickets SET is_latest_closed = true WHERE id = (SELECT o.id FROM tickets o
              WHERE o.contact_id = OLD.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(OLD.whatsapp_id, 0)
                AND o.company_id = OLD.company_id AND o.status = 'closed' ORDER BY o.id DESC LIMIT 1)
              AND status = 'closed' AND NOT is_latest_closed;
          END IF;
        END IF;
        IF TG_OP <> 'DELETE' AND (NEW.is_latest OR NEW.is_latest_closed) THEN
          UPDATE tickets SET is_latest = is_latest AND NOT NEW.is_latest,
                             is_latest_closed = is_latest_closed AND NOT NEW.is_latest_closed
            WHERE id IN (SELECT o.id FROM tickets o
              WHERE o.contact_id = NEW.contact_id AND coalesce(o.whatsapp_id, 0) = coalesce(NEW.whatsapp_id, 0)
                AND o.company_id = NEW.company_id AND o.id < NEW.id
                AND ((NEW.is_latest AND o.is_latest) OR (NEW.is_latest_closed AND o.is_latest_closed))
              FOR UPDATE SKIP LOCKED);
        END IF;
        RETURN NULL;
      END $$`)

    const groupChanged = `OLD.contact_id IS DISTINCT FROM NEW.contact_id
        OR coalesce(OLD.whatsapp_id, 0) <> coalesce(NEW.whatsapp_id, 0)
        OR (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'closed' OR NEW.status = 'closed'))`
    this.schema.raw(`CREATE TRIGGER tickets_flags_insert BEFORE INSERT ON tickets
      FOR EACH ROW EXECUTE FUNCTION inbox_ticket_flags_own()`)
    this.schema.raw(`CREATE TRIGGER tickets_flags_update BEFORE UPDATE OF status, contact_id, whatsapp_id ON tickets
      FOR EACH ROW WHEN (${groupChanged}) EXECUTE FUNCTION inbox_ticket_flags_own()`)
    this.schema.raw(`CREATE TRIGGER tickets_flags_inserted AFTER INSERT ON tickets
      FOR EACH ROW WHEN (NEW.is_latest OR NEW.is_latest_closed) EXECUTE FUNCTION inbox_ticket_flags_group()`)
    this.schema.raw(`CREATE TRIGGER tickets_flags_updated AFTER UPDATE OF status, contact_id, whatsapp_id ON tickets
      FOR EACH ROW WHEN (${groupChanged}) EXECUTE FUNCTION inbox_ticket_flags_group()`)
    this.schema.raw(`CREATE TRIGGER tickets_flags_deleted AFTER DELETE ON tickets
      FOR EACH ROW WHEN (OLD.is_latest OR OLD.is_latest_closed) EXECUTE FUNCTION inbox_ticket_flags_group()`)

    // ---- 2. the views' walks ----
    // closed view: the newest closed ticket of each conversation, in list order (index-only for admins)
    this.schema.raw(`CREATE INDEX tickets_closed_latest ON tickets (company_id, updated_at DESC, id DESC)
      INCLUDE (status, contact_id, whatsapp_id) WHERE is_latest_closed`)
    // search view (every status) in list order
    this.schema.raw(`CREATE INDEX tickets_updated ON tickets (company_id, updated_at DESC, id DESC)
      INCLUDE (contact_id, whatsapp_id, is_latest)`)
    // list queries are short index walks: parallel workers only add start-up time to them
    this.schema.raw('ALTER TABLE tickets SET (parallel_workers = 0)')
    this.schema.raw('ALTER TABLE contacts SET (parallel_workers = 0)')

    // ---- 3. message full text, the tenant inside every GIN key ----
    // Each lexeme is stored as '<company>:<lexeme>': a search reads its tenant's posting list only.
    // (A btree_gin (company_id, tsvector) index intersects with the tenant's whole posting tree
    // instead: 40 times slower for a large tenant, docs/performance.md.) Positions are dropped:
    // the search is an AND of words, never a phrase.
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_tenant_tsvector(company integer, v tsvector) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT array_to_tsvector(ARRAY(SELECT company || ':' || l FROM unnest(tsvector_to_array(v)) l)) $$`)
    // every word of the search text (unaccented, Portuguese stems, stop words dropped); NULL when none
    this.schema
      .raw(String.raw`CREATE OR REPLACE FUNCTION inbox_tenant_tsquery(company integer, term text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT string_agg('''' || replace(replace(company || ':' || l, '\', '\\'), '''', '''''') || '''', ' & ')::tsquery
            FROM unnest(tsvector_to_array(to_tsvector('portuguese'::regconfig, inbox_unaccent(term)))) l $$`)
    // the share of messages holding the rarest word of a search, from the column statistics
    // (0: a word outside the most common elements; NULL: no statistics or no words). The search
    // decides on it between walking tickets in list order and reading the GIN entries.
    this.schema.raw(`CREATE OR REPLACE FUNCTION inbox_search_word_frequency(company integer, term text) RETURNS real
      LANGUAGE sql STABLE
      AS $$ SELECT min(coalesce(s.f[array_position(s.e, w.w)], 0))
            FROM unnest(tsvector_to_array(inbox_tenant_tsvector(company,
                   to_tsvector('portuguese'::regconfig, inbox_unaccent(term))))) AS w(w)
            CROSS JOIN (SELECT most_common_elems::text::text[] AS e, most_common_elem_freqs AS f
                          FROM pg_stats
                         WHERE schemaname = current_schema() AND tablename = 'messages'
                           AND attname = 'search_vector') s $$`)
    this.schema.raw(`ALTER TABLE messages ADD COLUMN search_vector tsvector GENERATED ALWAYS AS
      (inbox_tenant_tsvector(company_id, to_tsvector('portuguese'::regconfig, inbox_unaccent(body)))) STORED`)
    this.schema.raw('DROP INDEX IF EXISTS messages_body_fts')
    this.schema.raw('CREATE INDEX messages_search ON messages USING gin (search_vector)')

    // ---- 4. contact search: names unaccented and lower-cased once; trigram indexes ----
    this.schema.raw(`ALTER TABLE contacts ADD COLUMN search_name text
      GENERATED ALWAYS AS (lower(inbox_unaccent(name))) STORED`)
    this.schema.raw('DROP INDEX IF EXISTS contacts_name_trgm')
    this.schema.raw('DROP INDEX IF EXISTS contacts_number_trgm')
    // names with the tenant in the key (btree_gin): a small tenant reads its own entries only.
    // Numbers without it: digit trigrams are few and shared by every tenant, the intersection
    // with a large tenant's key costs 20 times the search (docs/performance.md).
    this.schema.raw(`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
        CREATE INDEX contacts_name_search ON contacts USING gin (company_id, search_name gin_trgm_ops);
      ELSE
        CREATE INDEX contacts_name_search ON contacts USING gin (search_name gin_trgm_ops);
      END IF;
    END $$`)
    this.schema.raw('CREATE INDEX contacts_number_search ON contacts USING gin (number gin_trgm_ops)')
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS contacts_name_search')
    this.schema.raw('DROP INDEX IF EXISTS contacts_number_search')
    this.schema.raw('ALTER TABLE contacts DROP COLUMN search_name')
    this.schema.raw('CREATE INDEX contacts_name_trgm ON contacts USING gin (lower(inbox_unaccent(name)) gin_trgm_ops)')
    this.schema.raw('CREATE INDEX contacts_number_trgm ON contacts USING gin (number gin_trgm_ops)')
    this.schema.raw('DROP INDEX IF EXISTS messages_search')
    this.schema.raw('ALTER TABLE messages DROP COLUMN search_vector')
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_search_word_frequency(integer, text)')
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_tenant_tsquery(integer, text)')
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_tenant_tsvector(integer, tsvector)')
    this.schema.raw(
      "CREATE INDEX messages_body_fts ON messages USING gin (to_tsvector('portuguese', inbox_unaccent(body)))"
    )
    this.schema.raw('ALTER TABLE tickets RESET (parallel_workers)')
    this.schema.raw('ALTER TABLE contacts RESET (parallel_workers)')
    this.schema.raw('DROP INDEX IF EXISTS tickets_closed_latest')
    this.schema.raw('DROP INDEX IF EXISTS tickets_updated')
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_insert ON tickets')
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_update ON tickets')
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_inserted ON tickets')
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_updated ON tickets')
    this.schema.raw('DROP TRIGGER IF EXISTS tickets_flags_deleted ON tickets')
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_ticket_flags_group()')
    this.schema.raw('DROP FUNCTION IF EXISTS inbox_ticket_flags_own()')
    this.schema.raw('DROP INDEX IF EXISTS tickets_group')
    this.schema.raw('CREATE INDEX tickets_contact ON tickets (contact_id, whatsapp_id, id DESC)')
    this.schema.raw('ALTER TABLE tickets DROP COLUMN is_latest, DROP COLUMN is_latest_closed')
  }
}
