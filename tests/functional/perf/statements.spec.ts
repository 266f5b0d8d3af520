/**
 * Statements per request (issue 14): an authenticated list request runs at
 * most 3 SQL statements once the caller's session, user, company, plan and
 * settings are warm. Counted on the connection's knex client, not timed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { HttpContext } from '@adonisjs/core/http'
import { agent, inboxWorld, ingest, message, rand, startWorkers, waitProcessed } from '#tests/helpers/inbox'

const PROBE = 'x-statements-probe'

/**
 * Counts only the statements run inside the marked request: the knex listener hears the
 * whole process (job workers' timers, other groups' leftovers), and the request's async
 * context tells its own apart.
 */
function countStatements(probe: string) {
  const client = (db.connection() as any).getWriteClient()
  const seen: string[] = []
  const listener = (q: { sql: string }) => {
    if (HttpContext.get()?.request.header(PROBE) === probe) seen.push(q.sql)
  }
  client.on('query', listener)
  return {
    seen,
    stop: () => client.off('query', listener),
  }
}

test.group('statements per request', (group) => {
  group.each.setup(() => startWorkers())

  test('ticket and contact lists, searches and a chat run at most 3 statements when warm, for an admin and an agent', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    for (let i = 0; i < 3; i++) await ingest(w, message(w.whatsapp.id, rand(), `pedido ${i}`))
    await waitProcessed(w.company.id)
    const a = await agent(w)
    const ticket = await db.from('tickets').where('company_id', w.company.id).orderBy('id').firstOrFail()
    const calls: [string, string][] = [
      ['/tickets?status=pending&showAll=true', w.adminToken],
      ['/tickets?status=open&showAll=true', w.adminToken],
      ['/tickets?status=closed&showAll=true&pageNumber=2', w.adminToken],
      ['/tickets?status=pending', a.token],
      ['/tickets?status=open', a.token],
      ['/tickets?withUnreadMessages=true', a.token],
      ['/tickets?status=search&showAll=true&searchParam=pedido', w.adminToken],
      ['/tickets?status=search&showAll=true&searchParam=contact', w.adminToken],
      ['/tickets?status=search&searchParam=pedido', a.token],
      ['/messages-search?searchParam=pedido', w.adminToken],
      [`/messages/${ticket.id}`, w.adminToken],
      [`/messages/${ticket.id}`, a.token],
      ['/contacts', w.adminToken],
      ['/contacts?searchParam=contact', w.adminToken],
      ['/contacts?searchParam=55', a.token],
    ]
    for (const [url, token] of calls) {
      await client.get(url).bearerToken(token) // warm
      // a cache invalidation from a background job may land between the warm call and the
      // counted one; the fewest over a few tries is the warm figure
      let fewest: string[] | null = null
      for (let attempt = 0; attempt < 3 && (!fewest || fewest.length > 3); attempt++) {
        const probe = rand()
        const counter = countStatements(probe)
        const r = await client.get(url).bearerToken(token).header(PROBE, probe)
        counter.stop()
        r.assertStatus(200)
        if (!fewest || counter.seen.length < fewest.length) fewest = counter.seen
      }
      assert.isAtLeast(fewest!.length, 1, `${url}: the probe heard none of the request's statements`)
      assert.isAtMost(fewest!.length, 3, `${url}:\n${fewest!.join('\n')}`)
    }
  })

  test('the API plans its statements without JIT compilation, in and out of transactions', async ({ assert }) => {
    // a search's estimate can pass jit_above_cost while it runs in milliseconds; JIT then cost 110 ms
    assert.equal((await db.rawQuery('SHOW jit')).rows[0].jit, 'off')
    await db.transaction(async (trx) => {
      assert.equal((await trx.rawQuery('SHOW jit')).rows[0].jit, 'off')
    })
  })
})
