import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { createTenant } from '#tests/helpers/world'
import app from '@adonisjs/core/services/app'
import { agent, createQueue, inboxWorld, startWorkers, waitFor } from '#tests/helpers/inbox'
import { createUser } from '#tests/helpers/world'
import { backfillCompany, backfillProgress } from '../tracking/backfill.js'
import { aTicket, track } from './fixtures.js'
import { dayIn } from '../tracking/daily_rollup.js'
import { DateTime } from 'luxon'

const sessionsOf = (ticketId: number) => db.from('dashboard_ticket_sessions').where('ticket_id', ticketId).orderBy('id')
const stateOf = (ticketId: number) => db.from('dashboard_ticket_states').where('ticket_id', ticketId).first()

test.group('ticket tracking', () => {
  test("a session's day is its date in the company's zone (as luxon gives it; an unknown zone counts as UTC)", ({
    assert,
  }) => {
    const zones = [
      'America/Sao_Paulo',
      'America/Noronha',
      'America/Manaus',
      'UTC',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Europe/Lisbon',
    ]
    const instants = [
      '2026-01-01T02:59:59.999Z',
      '2026-01-01T03:00:00.000Z',
      '2026-03-29T00:30:00Z',
      '2026-10-25T23:59:00Z',
      '1999-12-31T23:00:00Z',
    ]
    for (const zone of zones)
      for (const iso of instants) {
        const at = new Date(iso)
        assert.equal(dayIn(zone, at), DateTime.fromJSDate(at).setZone(zone).toISODate(), `${zone} ${iso}`)
      }
    assert.equal(dayIn('Not/AZone', new Date('2026-05-01T23:30:00Z')), '2026-05-01')
  })

  test('follows the inbox’s ticket events: queued, started by the agent, finished', async ({ client, assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const ticket = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    let [s] = await sessionsOf(ticket.id)
    assert.equal(s.company_id, world.company.id)
    assert.isNull(s.started_at)
    assert.equal(s.queue_id, world.queue.id)

    ;(
      await client.put(`/tickets/${ticket.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    ;[s] = await sessionsOf(ticket.id)
    assert.equal(s.user_id, a.user.id)
    assert.isNotNull(s.started_at)
    assert.equal((await stateOf(ticket.id)).status, 'open')

    const closed = await client
      .put(`/tickets/${ticket.id}`)
      .bearerToken(a.token)
      .json({ status: 'closed', sendFarewellMessage: false })
    closed.assertStatus(200)
    ;[s] = await sessionsOf(ticket.id)
    assert.isNotNull(s.finished_at)
    assert.isNotNull(s.closed_at)
    assert.equal((await stateOf(ticket.id)).status, 'closed')

    // reopening starts a new session; the finished one is kept
    ;(
      await client.put(`/tickets/${ticket.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    const both = await sessionsOf(ticket.id)
    assert.lengthOf(both, 2)
    assert.isNull(both[1].finished_at)
  })

  test('a rating reply counts once, only after the rating was asked', async ({ assert }) => {
    const world = await createTenant()
    const id = await track(world.company, [
      { status: 'pending', at: '2026-03-02T12:00:00Z' },
      { status: 'open', userId: world.admin.id, at: '2026-03-02T12:05:00Z' },
    ])
    const { recordRatingReply } = await import('../tracking/ticket_tracking.js')
    const reply = (body: string, at: string) =>
      tenancy.run(world.company.id, () => recordRatingReply(id, body, new Date(at)))
    assert.isFalse(await reply('10', '2026-03-02T12:06:00Z'), 'not asked yet')
    await tenancy.run(world.company.id, async () => {
      const { recordTicketChange } = await import('../tracking/ticket_tracking.js')
      await recordTicketChange(
        { ticketId: id, status: 'nps', userId: world.admin.id, queueId: null },
        new Date('2026-03-02T12:10:00Z')
      )
    })
    assert.isFalse(await reply('great!', '2026-03-02T12:11:00Z'))
    assert.isFalse(await reply('11', '2026-03-02T12:11:00Z'))
    assert.isTrue(await reply(' 8 ', '2026-03-02T12:11:00Z'))
    assert.isFalse(await reply('3', '2026-03-02T12:12:00Z'), 'the first answer stays')
    const [s] = await sessionsOf(id)
    assert.equal(s.rate, 8)
  })

  test('backfill replays existing tickets from the inbox’s log, once', async ({ client, assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const t1 = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    const t2 = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    ;(
      await client.put(`/tickets/${t1.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    ;(
      await client.put(`/tickets/${t1.id}`).bearerToken(a.token).json({ status: 'closed', sendFarewellMessage: false })
    ).assertStatus(200)
    // as if the dashboard had been installed after these tickets
    await db.from('dashboard_ticket_sessions').where('company_id', world.company.id).delete()
    await db.from('dashboard_ticket_states').where('company_id', world.company.id).delete()

    const progress: any[] = []
    const result = await tenancy.run(world.company.id, () => backfillCompany((p) => progress.push(p)))
    assert.deepEqual(result, { done: 2, total: 2 })
    assert.deepEqual(progress.at(-1), { done: 2, total: 2 })
    const [s1] = await sessionsOf(t1.id)
    assert.equal(s1.user_id, a.user.id)
    assert.isNotNull(s1.started_at)
    assert.isNotNull(s1.finished_at)
    assert.equal((await stateOf(t2.id)).status, 'pending')

    await tenancy.run(world.company.id, () => backfillCompany())
    assert.lengthOf(await sessionsOf(t1.id), 1)
    assert.lengthOf(await sessionsOf(t2.id), 1)
  })

  test('on demand: `ace dashboard:backfill --company` runs the job with progress, again and again', async ({
    client,
    assert,
  }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const t1 = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    ;(
      await client.put(`/tickets/${t1.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    const untrack = async () => {
      for (const table of ['dashboard_ticket_sessions', 'dashboard_ticket_states', 'dashboard_daily'])
        await db.from(table).where('company_id', world.company.id).delete()
    }
    await untrack()
    await startWorkers()
    const ace = await app.container.make('ace')
    const run = async () => {
      const command = await ace.exec('dashboard:backfill', [`--company=${world.company.id}`, '--wait'])
      assert.equal(command.exitCode ?? 0, 0)
    }

    await run()
    assert.deepEqual(await backfillProgress(world.company.id), { state: 'completed', done: 2, total: 2 })
    const [s1] = await sessionsOf(t1.id)
    assert.equal(s1.user_id, a.user.id)
    assert.isNotNull(s1.started_at)

    // a second run right after (the finished job is still kept under its id) runs again, and changes nothing
    await run()
    assert.lengthOf(await sessionsOf(t1.id), 1)
    // ... and after tracking was lost it tracks again: the admin's button (POST) queues the same job
    await untrack()
    ;(await client.post('/dashboard/backfill').bearerToken(world.adminToken)).assertStatus(202)
    const status = await waitFor(async () => {
      const r = await client.get('/dashboard/backfill').bearerToken(world.adminToken)
      r.assertStatus(200)
      return r.body().state === 'completed' ? r.body() : null
    })
    assert.deepEqual(status, { state: 'completed', done: 2, total: 2 })
    assert.lengthOf(await sessionsOf(t1.id), 1)
    // an agent may neither start it nor read it
    ;(await client.post('/dashboard/backfill').bearerToken(a.token)).assertStatus(403)
    ;(await client.get('/dashboard/backfill').bearerToken(a.token)).assertStatus(403)

    // an unknown company fails the command
    const missing = await ace.exec('dashboard:backfill', ['--company=2147483000'])
    assert.equal(missing.exitCode, 1)
  })
})

test.group('attendance panel tickets', () => {
  test('moments: live tickets, only what the caller may see, with the panel’s filters', async ({ client, assert }) => {
    const world = await inboxWorld()
    const q2 = await createQueue(world.company)
    const a = await agent(world, [world.queue.id])
    const mine = await aTicket(world.company, { status: 'open', userId: a.user.id, queueId: world.queue.id })
    const waiting = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    const elsewhere = await aTicket(world.company, { status: 'pending', queueId: q2.id })
    const ids = (r: any) =>
      r
        .body()
        .map((t: any) => t.id)
        .sort()

    const admin = await client.get('/usersMoments').bearerToken(world.adminToken)
    admin.assertStatus(200)
    assert.deepEqual(ids(admin), [mine.id, waiting.id, elsewhere.id].sort())
    const row = admin.body().find((t: any) => t.id === mine.id)
    assert.equal(row.user.id, a.user.id)
    assert.equal(row.queue.id, world.queue.id)
    assert.isString(row.contact.name)
    assert.isString(row.whatsapp.name)

    const own = await client.get('/usersMoments').bearerToken(a.token).qs({ showAll: false })
    assert.deepEqual(ids(own), [mine.id, waiting.id].sort())

    const pending = await client.get('/dashboard/moments').bearerToken(world.adminToken).qs({ status: 'pending' })
    assert.deepEqual(ids(pending), [waiting.id, elsewhere.id].sort())
    const byQueue = await client
      .get('/dashboard/moments')
      .bearerToken(world.adminToken)
      .qs({ queueIds: JSON.stringify([q2.id]) })
    assert.deepEqual(ids(byQueue), [elsewhere.id])
    const byUser = await client.get('/dashboard/moments').bearerToken(world.adminToken).qs({ userId: a.user.id })
    assert.deepEqual(ids(byUser), [mine.id])
    const future = await client.get('/dashboard/moments').bearerToken(world.adminToken).qs({ dateStart: '2999-01-01' })
    assert.deepEqual(ids(future), [])
    const bad = await client
      .get('/dashboard/moments')
      .bearerToken(world.adminToken)
      .qs({ status: 'weird', queueIds: 'x' })
    bad.assertStatus(422)
  })
})

test.group('tracking reconciliation', () => {
  test('tickets closed or deleted without an event stop counting as live', async ({ client, assert }) => {
    const { reconcileCompany } = await import('../tracking/reconcile.js')
    const world = await inboxWorld()
    const closedInBulk = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    const deleted = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    const untouched = await aTicket(world.company, { status: 'pending', queueId: world.queue.id })
    // close-all and delete answer with realtime deletes only, no ticket event
    const bulk = await client
      .post('/tickets/closeAll')
      .bearerToken(world.adminToken)
      .json({ status: 'pending', selectedQueueIds: [world.queue.id] })
    bulk.assertStatus(200)
    assert.equal((await stateOf(closedInBulk.id)).status, 'pending', 'the inbox sent no event')
    await db.from('tickets').where('id', deleted.id).delete()
    await db.from('tickets').where('id', untouched.id).update({ status: 'pending' })

    const fixed = await tenancy.run(world.company.id, () => reconcileCompany())
    assert.isAtLeast(fixed, 2)
    assert.equal((await stateOf(closedInBulk.id)).status, 'closed')
    assert.equal((await stateOf(deleted.id)).status, 'closed')
    const [s] = await sessionsOf(deleted.id)
    assert.isNotNull(s.finished_at)
    assert.equal(await tenancy.run(world.company.id, () => reconcileCompany()), 0, 'nothing left to fix')
  })
})

test.group('daily sums', () => {
  test('stay equal to the sessions through transfers, queue changes, reopenings and ratings', async ({ assert }) => {
    const world = await createTenant()
    const a = (await createUser(world.company)).user.id
    const b = (await createUser(world.company)).user.id
    const q1 = (await createQueue(world.company)).id
    const q2 = (await createQueue(world.company)).id
    const at = (m: number) => new Date(Date.UTC(2026, 2, 10, 12, m)).toISOString()
    const id = await track(world.company, [
      { status: 'pending', queueId: q1, at: at(0) },
      { status: 'open', userId: a, queueId: q1, at: at(5) },
      { status: 'open', userId: b, queueId: q2, at: at(9) }, // transferred to B in another queue
      { status: 'pending', queueId: q2, at: at(12) }, // back to the queue
      { status: 'open', userId: a, queueId: q2, at: at(20) },
      { status: 'nps', userId: a, queueId: q2, at: at(40) },
    ])
    await tenancy.run(world.company.id, async () => {
      const { recordRatingReply, recordTicketChange } = await import('../tracking/ticket_tracking.js')
      await recordRatingReply(id, '6', new Date(at(41)))
      await recordTicketChange({ ticketId: id, status: 'closed', userId: a, queueId: q2 }, new Date(at(41)))
      await recordTicketChange({ ticketId: id, status: 'pending', userId: null, queueId: q1 }, new Date(at(50)))
    })
    const fromSessions = await db.rawQuery(
      `SELECT coalesce(user_id, 0) AS u, coalesce(queue_id, 0) AS q, count(*)::int AS tickets, count(finished_at)::int AS finished,
              count(rate)::int AS rated, coalesce(sum(rate), 0)::int AS rate_sum,
              coalesce(sum(EXTRACT(EPOCH FROM started_at - queued_at) / 60) FILTER (WHERE started_at > queued_at), 0)::float8 AS wait_sum,
              coalesce(sum(EXTRACT(EPOCH FROM closed_at - started_at) / 60) FILTER (WHERE closed_at > started_at), 0)::float8 AS service_sum
         FROM dashboard_ticket_sessions WHERE company_id = ? GROUP BY 1, 2 ORDER BY 1, 2`,
      [world.company.id]
    )
    const daily = await db.rawQuery(
      `SELECT user_key AS u, queue_key AS q, sum(tickets)::int AS tickets, sum(finished)::int AS finished, sum(rated)::int AS rated,
              sum(rate_sum)::int AS rate_sum, sum(wait_sum)::float8 AS wait_sum, sum(service_sum)::float8 AS service_sum
         FROM dashboard_daily WHERE company_id = ? GROUP BY 1, 2 HAVING sum(tickets) <> 0 ORDER BY 1, 2`,
      [world.company.id]
    )
    assert.deepEqual(daily.rows, fromSessions.rows)
    // two sessions: the first served by A in q2 (wait 20, service 20, rated 6), the reopened one waiting in q1
    assert.deepEqual(
      fromSessions.rows.map((r: any) => [r.u, r.q, r.tickets, r.rate_sum, r.wait_sum, r.service_sum]),
      [
        [0, q1, 1, 0, 0, 0],
        [a, q2, 1, 6, 20, 20],
      ].sort((x, y) => (x[0] as number) - (y[0] as number))
    )
  })

  test('concurrent trackers moving the same rows both ways count each ticket once', async ({ assert }) => {
    const world = await createTenant()
    const q1 = (await createQueue(world.company)).id
    const a = world.admin.id
    const ids = Array.from({ length: 48 }, (_, i) => 900_000_000 + world.company.id * 100 + i)
    const { recordTicketChange } = await import('../tracking/ticket_tracking.js')
    const move = (ticketId: number, status: string, userId: number | null, queueId: number) =>
      tenancy.run(world.company.id, () =>
        recordTicketChange({ ticketId, status, userId, queueId, whatsappId: null, isGroup: false })
      )
    await Promise.all(ids.map((id) => move(id, 'pending', null, q1)))
    // a third taken by the agent; then at once those go back to the queue and the others are taken:
    // rollups moving the same two rows in opposite directions (written in key order: no deadlock)
    const first = (i: number) => i % 3 === 0
    await Promise.all(ids.filter((_, i) => first(i)).map((id) => move(id, 'open', a, q1)))
    await Promise.all(ids.map((id, i) => (first(i) ? move(id, 'pending', null, q1) : move(id, 'open', a, q1))))
    const daily = await db.rawQuery(
      `SELECT user_key AS u, queue_key AS q, sum(tickets)::int AS tickets, sum(finished)::int AS finished
         FROM dashboard_daily WHERE company_id = ? GROUP BY 1, 2 HAVING sum(tickets) <> 0 ORDER BY 1, 2`,
      [world.company.id]
    )
    assert.deepEqual(
      daily.rows.map((r: any) => [r.u, r.q, r.tickets, r.finished]),
      [
        [0, q1, 16, 0],
        [a, q1, 32, 0],
      ]
    )
  })
})

test.group('daily sums under concurrent writers', () => {
  test("two open transactions add to the same day's sums without waiting for each other", async ({ assert }) => {
    const world = await createTenant()
    const { moveSums } = await import('../tracking/daily_rollup.js')
    const session = {
      user_id: null,
      queue_id: null,
      queued_at: new Date(),
      started_at: null,
      closed_at: null,
      nps_at: null,
      finished_at: null,
      rate: null,
    }
    const pidOf = async (trx: any) => Number((await trx.rawQuery('SELECT pg_backend_pid() AS p')).rows[0].p)
    const first = await db.transaction()
    const opened = [first]
    try {
      // a second transaction on a connection of another slot (a slot is the connection's pid modulo 8)
      let second = await db.transaction()
      opened.push(second)
      while ((await pidOf(second)) % 8 === (await pidOf(first)) % 8) {
        second = await db.transaction()
        opened.push(second)
      }
      await tenancy.run(world.company.id, () => moveSums(first, [{ s: session, sign: 1 }]))
      // the first holds its row until it commits: a wait here would be the lock timeout's error
      await second.rawQuery(`SET LOCAL lock_timeout = '2s'`)
      await tenancy.run(world.company.id, () => moveSums(second, [{ s: session, sign: 1 }]))
      await second.commit()
      await first.commit()
    } finally {
      for (const trx of opened) if (!trx.isCompleted) await trx.rollback()
    }
    const daily = await db.rawQuery(
      `SELECT sum(tickets)::int AS tickets, count(*)::int AS n FROM dashboard_daily WHERE company_id = ?`,
      [world.company.id]
    )
    assert.deepEqual(daily.rows[0], { tickets: 2, n: 2 })
  })
})

test.group('ticket tracking of a burst', () => {
  test('new conversations drained together: one session each, the day counted once per ticket', async ({ assert }) => {
    const { ingest, message, waitProcessed, rand, stopWorkers } = await import('#tests/helpers/inbox')
    const { recordTicketChanges } = await import('../tracking/ticket_tracking.js')
    const world = await inboxWorld()
    await stopWorkers()
    const numbers = Array.from({ length: 12 }, () => rand())
    for (const n of numbers) await ingest(world, message(world.whatsapp.id, n, 'oi'))
    await startWorkers()
    await waitProcessed(world.company.id)
    const tickets = await db.from('tickets').where('company_id', world.company.id).select('id', 'queue_id')
    assert.lengthOf(tickets, 12)
    await waitFor(async () => {
      const n = await db
        .from('dashboard_ticket_sessions')
        .whereIn(
          'ticket_id',
          tickets.map((t) => t.id)
        )
        .count('* as n')
      return Number(n[0].n) === 12
    })
    for (const t of tickets) {
      const sessions = await sessionsOf(t.id)
      assert.lengthOf(sessions, 1)
      assert.equal(sessions[0].queue_id, t.queue_id)
      assert.isNull(sessions[0].finished_at)
    }
    const daily = await db
      .from('dashboard_daily')
      .where('company_id', world.company.id)
      .sum('tickets as tickets')
      .first()
    assert.equal(Number(daily.tickets), 12)

    // a commit's changes of tickets with and without a session, one of them closed: each applied once
    const a = world.admin.id
    const [first, second, third] = tickets
    const fresh = 950_000_000 + world.company.id
    await tenancy.run(world.company.id, () =>
      recordTicketChanges([
        { ticketId: first.id, status: 'open', userId: a, queueId: first.queue_id },
        { ticketId: second.id, status: 'closed', userId: null, queueId: second.queue_id },
        { ticketId: fresh, status: 'pending', userId: null, queueId: null, whatsappId: null, isGroup: false },
        { ticketId: third.id, status: 'pending', userId: null, queueId: third.queue_id },
      ])
    )
    assert.equal((await sessionsOf(first.id))[0].user_id, a)
    assert.isNotNull((await sessionsOf(first.id))[0].started_at)
    assert.isNotNull((await sessionsOf(second.id))[0].finished_at)
    assert.lengthOf(await sessionsOf(third.id), 1)
    assert.lengthOf(await sessionsOf(fresh), 1)
    assert.equal((await stateOf(second.id)).status, 'closed')
    const sums = await db.rawQuery(
      `SELECT sum(tickets)::int AS tickets, sum(finished)::int AS finished FROM dashboard_daily WHERE company_id = ?`,
      [world.company.id]
    )
    assert.deepEqual(sums.rows[0], { tickets: 13, finished: 1 })
  }).timeout(60000)
})

test.group('ratings through the real pipeline', () => {
  test('a contact’s NPS answer becomes the session’s rate, counted on the dashboard', async ({ client, assert }) => {
    const { companySettings } = await import('#core/settings')
    const { ingest, message, waitProcessed, rand } = await import('#tests/helpers/inbox')
    await startWorkers()
    const world = await inboxWorld()
    await db
      .from('whatsapps')
      .where('id', world.whatsapp.id)
      .update({ rating_message: 'De 0 a 10?', complation_message: 'Obrigado!', max_use_bot_queues_nps: 2 })
    await tenancy.run(world.company.id, async () => {
      await companySettings.set('userRating', 'enabled')
      await companySettings.set('sendGreetingAccepted', 'disabled')
    })
    const a = await agent(world)
    const number = rand()
    const say = async (body: string) => {
      await ingest(world, message(world.whatsapp.id, number, body))
      await waitProcessed(world.company.id)
    }
    await say('oi')
    const [ticket] = await db.from('tickets').where('company_id', world.company.id)
    ;(await client.put(`/tickets/${ticket.id}`).bearerToken(a.token).json({ status: 'open' })).assertStatus(200)
    const resolved = await client.put(`/tickets/${ticket.id}`).bearerToken(a.token).json({ status: 'closed' })
    assert.equal(resolved.body().status, 'nps')
    let [s] = await sessionsOf(ticket.id)
    assert.isNotNull(s.nps_at)
    assert.isNull(s.finished_at)

    await say('ótimo') // not a rating
    await say('9')
    // the inbox's listeners run after its commit: wait for tracking to see the answer and the close
    ;[s] = await waitFor(async () => {
      const rows = await sessionsOf(ticket.id)
      return rows[0]?.rate !== null && rows[0]?.finished_at ? rows : null
    }, 10_000)
    assert.equal(s.rate, 9)
    assert.isNotNull(s.finished_at)
    const r = await client.get('/dashboard').bearerToken(world.adminToken).qs({ days: 1 })
    assert.deepInclude(r.body().counters, { withRating: 1, npsPromotersPerc: 100, npsScore: 100, waitRating: 0 })

    // tracking lost (or installed after the answer): the backfill gets the rating back from the queues module
    await db.from('dashboard_ticket_sessions').where('company_id', world.company.id).delete()
    await db.from('dashboard_ticket_states').where('company_id', world.company.id).delete()
    await tenancy.run(world.company.id, () => backfillCompany())
    ;[s] = await sessionsOf(ticket.id)
    assert.equal(s.rate, 9)
    assert.isNotNull(s.nps_at)
    assert.isNotNull(s.finished_at)
    // run again: nothing changes
    await tenancy.run(world.company.id, () => backfillCompany())
    assert.lengthOf(await sessionsOf(ticket.id), 1)
  })
})
