import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Autovacuum for tickets and contacts after 2 % of their rows changed instead
 * of PostgreSQL's 20 %. Every message updates its ticket: the old versions
 * stay until the table is vacuumed, and the pages they are on lose their
 * all-visible mark, so the lists' index-only walks read the table too. At
 * 1,000,000 tickets the searches ran 1.3-1.7x slower with 20 % of the rows
 * updated than just vacuumed, and 1.05-1.2x with 2 % (`scripts/bench-lists.mjs`,
 * its "updated" phase; docs/performance.md, "Stop 49"). A vacuum of the
 * tickets at 2 % took 1.6 s (0.85 s of CPU), about 40 µs per updated ticket.
 * The tickets are analyzed as often, so a company that grows is known to the
 * planner sooner. The contacts keep the default analyze: theirs reads the
 * larger name statistics (2.8 s at 936,000 contacts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'ALTER TABLE tickets SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)'
    )
    this.schema.raw('ALTER TABLE contacts SET (autovacuum_vacuum_scale_factor = 0.02)')
  }

  async down() {
    this.schema.raw('ALTER TABLE tickets RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)')
    this.schema.raw('ALTER TABLE contacts RESET (autovacuum_vacuum_scale_factor)')
  }
}
