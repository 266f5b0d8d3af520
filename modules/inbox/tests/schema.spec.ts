/**
 * The inbox's tables as the database sees them: what a delete has to look up.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

test.group('inbox schema', () => {
  test('every foreign key into contacts, tickets and messages has an index that starts with its column', async ({
    assert,
  }) => {
    // deleting a contact, a ticket or a message looks up the rows referencing it by that column:
    // without an index, a scan of the referencing table for each deleted row (seconds per contact at 5M messages)
    const unindexed = await db.rawQuery(
      `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column", c.confrelid::regclass::text AS "references"
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid IN ('contacts'::regclass, 'tickets'::regclass, 'messages'::regclass)
          AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
        ORDER BY 1, 2`
    )
    assert.deepEqual(unindexed.rows, [])
  })

  test('tickets and contacts are vacuumed after 2 % of their rows changed, not 20 %', async ({ assert }) => {
    // every message updates its ticket: until a vacuum the old versions slow the lists (docs/performance.md, "Stop 49")
    const options = await db.rawQuery(
      `SELECT relname AS "table", reloptions AS options FROM pg_class WHERE relname IN ('tickets', 'contacts') ORDER BY 1`
    )
    const byTable = Object.fromEntries(options.rows.map((r: any) => [r.table, r.options ?? []]))
    assert.include(byTable.tickets, 'autovacuum_vacuum_scale_factor=0.02')
    assert.include(byTable.tickets, 'autovacuum_analyze_scale_factor=0.02')
    assert.include(byTable.contacts, 'autovacuum_vacuum_scale_factor=0.02')
  })
})
