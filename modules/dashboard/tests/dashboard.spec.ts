import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, createUser } from '#tests/helpers/world'
import { createQueue } from '#tests/helpers/inbox'
import { tenancy } from '#core/tenancy'
import { track } from './fixtures.js'

/**
 * A hand-built March 2026 in São Paulo (UTC−3) with known answers. Times are
 * UTC; waits and services in minutes (W, S). A and B are agents.
 *   T1  A  W10 S30  rated 10          T2  A  W20 S40  rated 7
 *   T3  B  W30 S20  rated 3           T4  B  W5  S10  closed, no rating
 *   T5  A  W0  S30  waiting rating    T6  –  pending now
 *   T7  B  W10      open now (queue Q) T9  A  W10 open now, Mar 31 23:30 local
 *   T10 A  W6  S10  rated "9,4" → 9    T8  A  Feb 28 23:00 local: outside
 */
async function march(timezone?: string) {
  const world = await createTenant()
  // before the first request: the signed-in actor (with its company) is cached afterwards
  if (timezone) await db.from('companies').where('id', world.company.id).update({ timezone })
  const a = await createUser(world.company, { name: 'Ana' } as any)
  const b = await createUser(world.company, { name: 'Bruno' } as any)
  const q = await createQueue(world.company)
  const A = a.user.id
  const B = b.user.id
  const served = (day: string, user: number, wait: number, service: number | null, rate?: string) => {
    const base = new Date(`2026-03-${day}T12:00:00Z`).getTime()
    const t = (m: number) => new Date(base + m * 60_000).toISOString()
    const steps = [
      { status: 'pending', at: t(0) },
      { status: 'open', userId: user, at: t(wait) },
    ]
    if (service !== null) steps.push({ status: rate ? 'nps' : 'closed', userId: user, at: t(wait + service) })
    const end = wait + (service ?? 0) + 1
    if (rate) steps.push({ status: 'closed', userId: user, at: t(end) })
    return track(world.company, steps, rate ? { value: rate, at: t(end) } : undefined)
  }
  await served('02', A, 10, 30, '10')
  await served('03', A, 20, 40, '7')
  await served('04', B, 30, 20, '3')
  await served('05', B, 5, 10)
  await track(world.company, [
    { status: 'pending', at: '2026-03-06T12:00:00Z' },
    { status: 'open', userId: A, at: '2026-03-06T12:00:00Z' },
    { status: 'nps', userId: A, at: '2026-03-06T12:30:00Z' },
  ])
  await track(world.company, [{ status: 'pending', at: '2026-03-07T12:00:00Z' }])
  await track(world.company, [
    { status: 'pending', queueId: q.id, at: '2026-03-08T12:00:00Z' },
    { status: 'open', userId: B, queueId: q.id, at: '2026-03-08T12:10:00Z' },
  ])
  await track(world.company, [
    { status: 'pending', at: '2026-03-01T02:00:00Z' },
    { status: 'open', userId: A, at: '2026-03-01T02:10:00Z' },
    { status: 'closed', userId: A, at: '2026-03-01T02:20:00Z' },
  ])
  await track(world.company, [
    { status: 'pending', at: '2026-04-01T02:30:00Z' },
    { status: 'open', userId: A, at: '2026-04-01T02:40:00Z' },
  ])
  await served('09', A, 6, 10, '9,4')
  return { world, a, b, q }
}

const MARCH = { date_from: '2026-03-01', date_to: '2026-03-31' }

test.group('GET /dashboard', () => {
  test('every counter by the reference formulas', async ({ client, assert }) => {
    const { world } = await march()
    const r = await client.get('/dashboard').bearerToken(world.adminToken).qs(MARCH)
    r.assertStatus(200)
    assert.deepEqual(r.body().counters, {
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 5,
      avgSupportTime: 23.33,
      avgWaitTime: 13,
      npsPromotersPerc: 50,
      npsPassivePerc: 25,
      npsDetractorsPerc: 25,
      npsScore: 25,
      tickets: 9,
      waitRating: 1,
      withoutRating: 1,
      withRating: 4,
      percRating: 44.44,
    })
    assert.deepEqual(r.body().range, { from: '2026-03-01', to: '2026-03-31', timezone: 'America/Sao_Paulo' })
    // the reconcile sweep may run at any moment of a long suite: the world must agree with the inbox
    const { reconcileCompany } = await import('../tracking/reconcile.js')
    assert.equal(await tenancy.run(world.company.id, () => reconcileCompany()), 0)
  })

  test('the attendant rows, every user of the company listed', async ({ client, assert }) => {
    const { world, a, b } = await march()
    const r = await client.get('/dashboard').bearerToken(world.adminToken).qs(MARCH)
    const rows = r.body().attendants
    const row = (id: number) => rows.find((x: any) => x.id === id)
    assert.deepEqual(row(a.user.id), {
      id: a.user.id,
      name: 'Ana',
      online: false,
      tickets: 5,
      rating: 8.67,
      countRating: 3,
      avgWaitTime: 11.5,
      avgSupportTime: 27.5,
    })
    assert.deepInclude(row(b.user.id), { tickets: 3, rating: 3, countRating: 1, avgWaitTime: 15, avgSupportTime: 15 })
    assert.deepInclude(row(world.admin.id), { tickets: 0, rating: 0, countRating: 0, avgWaitTime: 0 })
    assert.lengthOf(rows, 3)
  })

  test('day edges follow the company time zone', async ({ client, assert }) => {
    const { world } = await march()
    // Mar 31 23:30 in São Paulo is April 1 UTC: in; Feb 28 23:00 local is March 1 UTC: out
    const last = await client
      .get('/dashboard')
      .bearerToken(world.adminToken)
      .qs({ date_from: '2026-03-31', date_to: '2026-03-31' })
    assert.equal(last.body().counters.tickets, 1)
    const feb = await client
      .get('/dashboard')
      .bearerToken(world.adminToken)
      .qs({ date_from: '2026-02-28', date_to: '2026-02-28' })
    assert.equal(feb.body().counters.tickets, 1)
    // in UTC the same instants fall on other days
    const utcWorld = (await march('UTC')).world
    const utc = await client
      .get('/dashboard')
      .bearerToken(utcWorld.adminToken)
      .qs({ date_from: '2026-03-31', date_to: '2026-03-31' })
    assert.equal(utc.body().counters.tickets, 0)
  })

  test('filters by agent and by queue', async ({ client, assert }) => {
    const { world, b, q } = await march()
    const byAgent = await client
      .get('/dashboard')
      .bearerToken(world.adminToken)
      .qs({ ...MARCH, userId: b.user.id })
    assert.equal(byAgent.body().counters.tickets, 3)
    assert.equal(byAgent.body().counters.supportHappening, 1)
    assert.lengthOf(byAgent.body().attendants, 1)
    const byQueue = await client
      .get('/dashboard')
      .bearerToken(world.adminToken)
      .qs({ ...MARCH, queueId: q.id })
    assert.deepInclude(byQueue.body().counters, { tickets: 1, supportHappening: 1, supportPending: 0, avgWaitTime: 10 })
  })

  test('days counts back from today; no filter starts on the first of the month', async ({ client, assert }) => {
    const world = await createTenant()
    const now = new Date().toISOString()
    await track(world.company, [{ status: 'pending', at: now }])
    await track(world.company, [{ status: 'pending', at: new Date(Date.now() - 40 * 86400_000).toISOString() }])
    const one = await client.get('/dashboard').bearerToken(world.adminToken).qs({ days: 1 })
    assert.equal(one.body().counters.tickets, 1)
    const sixty = await client.get('/dashboard').bearerToken(world.adminToken).qs({ days: 60 })
    assert.equal(sixty.body().counters.tickets, 2)
    const dflt = await client.get('/dashboard').bearerToken(world.adminToken)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date())
    assert.equal(dflt.body().range.from, `${today.slice(0, 8)}01`)
    assert.equal(dflt.body().range.to, today)
    assert.equal(dflt.body().counters.tickets, 1)
  })

  test('bad filters answer spec codes, never 500', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const bad = async (qs: Record<string, unknown>, status: number, code: string) => {
      const r = await client.get('/dashboard').bearerToken(adminToken).qs(qs)
      assert.equal(r.status(), status, JSON.stringify(qs))
      assert.equal(r.body().error, code)
    }
    await bad({ date_from: '2026-03-10', date_to: '2026-03-01' }, 400, 'ERR_DASHBOARD_FILTER')
    await bad({ date_from: '2025-01-01', date_to: '2026-03-01' }, 400, 'ERR_DASHBOARD_FILTER')
    await bad({ date_from: '2026-02-30' }, 400, 'ERR_DASHBOARD_FILTER')
    await bad({ date_from: 'yesterday' }, 422, 'ERR_VALIDATION')
    await bad({ days: 0 }, 422, 'ERR_VALIDATION')
    await bad({ queueId: 'abc' }, 422, 'ERR_VALIDATION')
    const r = await client
      .get('/dashboard')
      .bearerToken(adminToken)
      .qs({ date_from: '2026-03-10', date_to: '2026-03-01' })
    assert.equal(r.body().message, 'Parametrize o filtro')
  })

  test('admins and showDashboard users only', async ({ client }) => {
    const world = await createTenant()
    const plain = await createUser(world.company)
    const shown = await createUser(world.company, { showDashboard: 'enabled' } as any)
    for (const path of ['/dashboard', '/dashboard/ticketsUsers', '/dashboard/ticketsDay']) {
      ;(await client.get(path).bearerToken(plain.token)).assertStatus(403)
      ;(await client.get(path).bearerToken(shown.token)).assertStatus(200)
      ;(await client.get(path)).assertStatus(401)
    }
  })
})

test.group('dashboard charts', () => {
  test('ticketsUsers counts each agent’s sessions, always in the caller’s company', async ({ client, assert }) => {
    const { world, a, b } = await march()
    const other = await createTenant()
    const qs = { initialDate: '2026-03-01', finalDate: '2026-03-31', companyId: world.company.id }
    const r = await client.get('/dashboard/ticketsUsers').bearerToken(world.adminToken).qs(qs)
    assert.deepEqual(r.body().data, [
      { userId: a.user.id, name: 'Ana', quantity: 5 },
      { userId: b.user.id, name: 'Bruno', quantity: 3 },
    ])
    const foreign = await client.get('/dashboard/ticketsUsers').bearerToken(other.adminToken).qs(qs)
    assert.deepEqual(foreign.body().data, [])
  })

  test('ticketsDay lists every day of the range, or every hour of one day', async ({ client, assert }) => {
    const { world } = await march()
    const other = await createTenant()
    const r = await client
      .get('/dashboard/ticketsDay')
      .bearerToken(world.adminToken)
      .qs({ initialDate: '2026-03-01', finalDate: '2026-03-31' })
    assert.equal(r.body().period, 'day')
    assert.lengthOf(r.body().data, 31)
    const on = (d: string) => r.body().data.find((x: any) => x.label === d).quantity
    assert.equal(on('2026-03-01'), 0)
    assert.equal(on('2026-03-02'), 1)
    assert.equal(on('2026-03-31'), 1)
    const day = await client
      .get('/dashboard/ticketsDay')
      .bearerToken(world.adminToken)
      .qs({ initialDate: '2026-03-31', finalDate: '2026-03-31' })
    assert.equal(day.body().period, 'hour')
    assert.lengthOf(day.body().data, 24)
    assert.equal(day.body().data.find((x: any) => x.label === '23').quantity, 1)
    const foreign = await client
      .get('/dashboard/ticketsDay')
      .bearerToken(other.adminToken)
      .qs({ initialDate: '2026-03-01', finalDate: '2026-03-31', companyId: world.company.id })
    assert.equal(
      foreign.body().data.reduce((n: number, x: any) => n + x.quantity, 0),
      0
    )
  })
})
