/**
 * Accepted means processed, whatever happens to the processes or to Redis.
 * Messages arrive steadily through the signed API webhook while (a) the API
 * process and the worker are killed with SIGKILL and restarted, and (b) a
 * private Redis is killed for 30 s and comes back empty. Afterwards every
 * event the webhook accepted is stored exactly once and the repeatable jobs
 * are registered again, with no manual step.
 */
import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { Queue } from 'bullmq'
import { startApiProcess, startPrivateRedis, startWorkerProcess } from '#tests/helpers/processes'
import { inboxWorld, waitFor } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function signed(token: string, body: unknown) {
  const raw = JSON.stringify(body)
  const ts = Math.floor(Date.now() / 1000)
  const sig = 'sha256=' + createHmac('sha256', token).update(`${ts}.${raw}`).digest('hex')
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-balcao-timestamp': String(ts), 'x-balcao-signature': sig },
    body: raw,
  }
}

/** A webhook sender as outside systems behave: retries until accepted, sometimes sends twice. */
function sender(getUrl: () => string, token: string, prefix: string) {
  const accepted = new Set<string>()
  let sent = 0
  let slowest = 0
  let running = true
  const one = async (n: number) => {
    const id = `${prefix}-${n}`
    const event = { id, from: { number: `55119${String(70000000 + (n % 50)).padStart(8, '0')}` }, body: `m ${n}` }
    for (;;) {
      const started = Date.now()
      try {
        const r = await fetch(`${getUrl()}/channels/api/webhook/${token}`, {
          ...signed(token, event),
          signal: AbortSignal.timeout(15_000),
        })
        slowest = Math.max(slowest, Date.now() - started)
        await r.body?.cancel().catch(() => {})
        if (r.status === 202) {
          accepted.add(id)
          if (n % 7 === 0)
            await fetch(`${getUrl()}/channels/api/webhook/${token}`, signed(token, event)).catch(() => {})
          return
        }
      } catch {
        // the process is down: try again, as a webhook sender would
      }
      if (!running) return
      await sleep(250)
    }
  }
  const loop = (async () => {
    const inFlight = new Set<Promise<void>>()
    while (running) {
      const p = one(sent++).finally(() => inFlight.delete(p))
      inFlight.add(p)
      await sleep(50) // ~20 events a second
    }
    await Promise.all(inFlight)
  })()
  return {
    accepted,
    sent: () => sent,
    slowest: () => slowest,
    /** starts measuring the slowest answer afresh (e.g. once a restart's backlog has been sent) */
    resetSlowest: () => {
      slowest = 0
    },
    stop: async () => {
      running = false
      await loop
    },
  }
}

test.group('durability', () => {
  test('SIGKILL of every process and a Redis restarted empty lose and double nothing', async ({ assert }) => {
    const redis = await startPrivateRedis()
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: `dur-${process.pid}` }
    const w = await inboxWorld()
    await setPlanFlags(w.company.planId, { useExternalApi: true })
    let api = await startApiProcess({ ...env, WORKERS: 'false' })
    let worker = await startWorkerProcess(env)
    const send = sender(() => api.url, w.whatsapp.token, `dur${w.company.id}`)
    try {
      await sleep(4000)
      // (a) every process dies at once, as in a power cut of the app servers
      await Promise.all([api.kill(), worker.kill()])
      await sleep(1000)
      ;[api, worker] = await Promise.all([startApiProcess({ ...env, WORKERS: 'false' }), startWorkerProcess(env)])
      // let the senders' backlog from the restart drain before timing answers
      await sleep(8000)
      // (b) Redis dies and stays away for 30 s, then comes back with nothing in it
      await redis.kill()
      send.resetSlowest()
      const acceptedBefore = send.accepted.size
      await sleep(30_000)
      const acceptedDuringOutage = send.accepted.size - acceptedBefore
      const slowestDuringOutage = send.slowest()
      const restarted = await startPrivateRedis(redis.port)
      try {
        await sleep(3000)
        await send.stop()
        assert.isAbove(acceptedDuringOutage, 100, 'the webhook keeps accepting into PostgreSQL while Redis is down')
        assert.isBelow(slowestDuringOutage, 10_000, 'no request waits for Redis')

        const ids = [...send.accepted]
        const stored = await waitFor(
          async () => {
            const rows = await db
              .from('messages')
              .where('company_id', w.company.id)
              .whereIn('wid', ids)
              .groupBy('wid')
              .select('wid')
              .count('* as n')
            return rows.length === ids.length ? rows : null
          },
          90_000,
          500
        ).catch(async () => {
          const pending = await db.from('inbound_events').where('company_id', w.company.id).whereNot('status', 'done')
          throw new Error(
            `not all accepted events were stored: ${pending.length} not done\n${worker.output().slice(-2000)}`
          )
        })
        // the repeatable jobs the empty Redis lost are registered again without a restart
        const core = new Queue('core', {
          connection: { host: '127.0.0.1', port: redis.port },
          prefix: env.REDIS_PREFIX,
        })
        try {
          await waitFor(async () => Boolean(await core.getJobScheduler('presence-sweep')), 30_000, 500)
        } finally {
          await core.close()
        }
        const doubled = stored.filter((r: any) => Number(r.n) !== 1)
        assert.lengthOf(doubled, 0, 'every accepted event stored exactly once')
        assert.lengthOf(stored, ids.length)
        console.log(
          `durability: ${send.sent()} sent, ${ids.length} accepted (${acceptedDuringOutage} while Redis was down), ` +
            `${stored.length} stored once, 0 lost, ${doubled.length} doubled; slowest answer while Redis was down ${slowestDuringOutage} ms`
        )
      } finally {
        await restarted.kill()
      }
    } finally {
      await send.stop()
      await Promise.allSettled([api.stop(), worker.stop(), redis.kill()])
    }
  }).timeout(240_000)
})
