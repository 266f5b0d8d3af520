/**
 * Drainers work side by side: a claim locks at most LANES_PER_BATCH lanes, so
 * another drainer claims other contacts' events at the same time. (A plan that
 * locked every due lane once serialized all drainers into one.)
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { claimBatch, LANES_PER_BATCH } from '../../../core/pipeline/inbound.js'
import { inboxWorld, ingest, message, rand, startWorkers, stopWorkers } from '#tests/helpers/inbox'

const advisoryLocks = async (trx: any) =>
  Number(
    (await trx.rawQuery(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`))
      .rows[0].n
  )

test.group('inbound lanes', (group) => {
  group.each.setup(async () => {
    // nothing drains while the test claims by hand
    await stopWorkers()
    return () => startWorkers()
  })

  test('a claim locks a few lanes; a second drainer claims other events at the same time', async ({ assert }) => {
    const w = await inboxWorld()
    // 200 contacts: their events fall in (nearly) every lane
    for (let i = 0; i < 200; i++) await ingest(w, message(w.whatsapp.id, rand(), `oi ${i}`))

    const first = await db.transaction()
    const second = await db.transaction()
    try {
      const a = await claimBatch(first)
      assert.isAbove(a.length, 0)
      assert.isAtMost(await advisoryLocks(first), LANES_PER_BATCH)
      const b = await claimBatch(second)
      assert.isAbove(b.length, 0)
      assert.isAtMost(await advisoryLocks(second), LANES_PER_BATCH)
      const taken = new Set(a.map((r) => r.id))
      assert.isTrue(b.every((r) => !taken.has(r.id)))
    } finally {
      await first.rollback()
      await second.rollback()
    }
  })
})
