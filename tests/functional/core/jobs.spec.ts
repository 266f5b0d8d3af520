import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { JobRegistry } from '#core/jobs'
import { sweepOffline } from '#services/presence'
import { createTenant, createUser } from '#tests/helpers/world'
import { listen } from '#tests/helpers/realtime'

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function until(check: () => boolean, ms = 10000) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline && !check()) await wait(50)
  return check()
}

for (const backend of ['redis', 'postgres'] as const) {
  test.group(`jobs on ${backend}`, () => {
    test('delayed, repeatable and retried jobs run', async ({ assert }) => {
      if (backend === 'redis' && !process.env.REDIS_URL) return assert.fail('needs Redis')
      const jobs = new JobRegistry(backend)
      const queue = `test-${backend}-${Date.now()}`
      const seen: string[] = []
      let attempts = 0
      jobs.define(queue, 'delayed', async (data: { v: string }) => void seen.push(data.v))
      jobs.define(queue, 'tick', async () => void seen.push('tick'))
      jobs.define(queue, 'flaky', async () => {
        attempts++
        if (attempts < 2) throw new Error('first attempt fails')
        seen.push('flaky-ok')
      })
      jobs.every(queue, 'ticker', { every: 300 }, 'tick')
      try {
        await jobs.startWorkers()
        const started = Date.now()
        await jobs.dispatch(queue, 'delayed', { v: 'later' }, { delay: 400 })
        await jobs.dispatch(queue, 'flaky', {}, { backoff: { type: 'fixed', delay: 100 } })
        assert.isTrue(
          await until(
            () => seen.includes('later') && seen.includes('flaky-ok') && seen.filter((s) => s === 'tick').length >= 2
          )
        )
        assert.isAtLeast(Date.now() - started, 350)
        assert.equal(attempts, 2)
      } finally {
        await jobs.close()
      }
    }).timeout(30000)

    test('a job id makes a dispatch idempotent', async ({ assert }) => {
      if (backend === 'redis' && !process.env.REDIS_URL) return assert.fail('needs Redis')
      const jobs = new JobRegistry(backend)
      const queue = `idem-${backend}-${Date.now()}`
      let runs = 0
      jobs.define(queue, 'once', async () => void runs++)
      try {
        await jobs.dispatch(queue, 'once', {}, { jobId: 'same', delay: 200 })
        await jobs.dispatch(queue, 'once', {}, { jobId: 'same', delay: 200 })
        await jobs.startWorkers()
        await until(() => runs > 0)
        await wait(500)
        assert.equal(runs, 1)
      } finally {
        await jobs.close()
      }
    }).timeout(30000)
  })
}

test.group('jobs on postgres: connections', () => {
  test('the queues and workers of a process share one small pool', async ({ assert }) => {
    const jobs = new JobRegistry('postgres')
    const queues = Array.from({ length: 12 }, (_, i) => `pool-${Date.now()}-${i}`)
    let runs = 0
    for (const q of queues) {
      jobs.define(q, 'work', async () => void (await wait(20), runs++), { concurrency: 4 })
    }
    // the job backend's connections alone: this process's own pool opens and closes connections
    // as other work of the process needs them, which made a count of every connection flaky
    const count = async () =>
      Number(
        (
          await db.rawQuery(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = ?`,
            [`${process.env.PGAPPNAME || 'balcao'}-jobs`]
          )
        ).rows[0].n
      )
    const before = await count()
    let peak = 0
    const sampler = setInterval(() => void count().then((n) => (peak = Math.max(peak, n - before))), 25)
    try {
      await jobs.startWorkers()
      await Promise.all(queues.flatMap((q) => Array.from({ length: 8 }, () => jobs.dispatch(q, 'work', {}))))
      assert.isTrue(await until(() => runs === queues.length * 8, 20000))
    } finally {
      clearInterval(sampler)
      await jobs.close()
    }
    // a LISTEN connection per worker and 4 for the queries
    assert.isAtMost(peak, queues.length + 4)
    assert.isAtLeast(peak, queues.length)
  }).timeout(60000)
})

test.group('presence', () => {
  test('users go offline after 5 minutes without a heartbeat, with a user event', async ({ client, assert }) => {
    const { company, adminToken, admin } = await createTenant()
    const { user, token } = await createUser(company)
    ;(await client.post('/auth/heartbeat').bearerToken(token)).assertStatus(200)
    let row = await db.from('users').where('id', user.id).first()
    assert.isTrue(row.online)

    const l = listen(`http://127.0.0.1:${process.env.PORT}`, adminToken)
    try {
      await l.subscribe(`company/${company.id}`)
      await db
        .from('users')
        .where('id', user.id)
        .update({ last_seen_at: new Date(Date.now() - 6 * 60_000) })
      await db.from('users').where('id', admin.id).update({ online: true, last_seen_at: new Date() })
      assert.isAtLeast(await sweepOffline(), 1)
      row = await db.from('users').where('id', user.id).first()
      assert.isFalse(row.online)
      assert.isTrue((await db.from('users').where('id', admin.id).first()).online)
      const event = await l.waitFor(
        (m) => m.event === `company-${company.id}-user` && m.user?.id === user.id && m.user.online === false
      )
      assert.exists(event)
    } finally {
      l.close()
    }
  })
})
