import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { createConnection, stopWorkers, waitFor } from '#tests/helpers/inbox'
import { freePort, startPrivateRedis, startWorkerProcess } from '#tests/helpers/processes'
import { createTenant, setPlanFlags, uid } from '#tests/helpers/world'
import { saveSettings } from '../services/campaign_settings.js'
import ContactList from '../models/contact_list.js'
import ContactListItem from '../models/contact_list_item.js'

const RECIPIENTS = 25

/** The API channel's other end: records each delivery's recipient and idempotency key. */
async function receiver() {
  const deliveries: { number: string; key: string }[] = []
  const port = await freePort()
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const payload = JSON.parse(body)
      deliveries.push({ number: payload.to.number, key: String(req.headers['idempotency-key']) })
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `rcv-${payload.id}` }))
    })
  })
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${port}/hook`, deliveries, close: () => new Promise((r) => server.close(r)) }
}

test.group('campaigns: a worker killed mid-campaign', () => {
  test('SIGKILL of the worker while it sends: every recipient gets exactly one message', async ({ client, assert }) => {
    const hook = await receiver()
    const w = await createTenant()
    await setPlanFlags(w.company.planId, { useExternalApi: true })
    const conn = await createConnection(w.company, { settings: { callbackUrl: hook.url } } as any)
    const numbers = Array.from(
      { length: RECIPIENTS },
      (_, i) => `55119${String(w.company.id).padStart(4, '0')}${String(i).padStart(4, '0')}`
    )
    const list = await tenancy.run(w.company.id, async () => {
      // a fast pace (0.15 s) so the kill lands mid-campaign; the screen offers whole seconds
      await saveSettings({
        messageInterval: 0.15,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '00:00',
        endHour: '23:59',
        sabado: true,
        domingo: true,
      })
      const l = await ContactList.create({ name: `Lista ${uid()}` })
      for (const [i, number] of numbers.entries())
        await ContactListItem.create({ contactListId: l.id, name: `Pessoa ${i}`, number })
      return l
    })
    let worker = await startWorkerProcess()
    try {
      const created = await client
        .post('/campaigns')
        .bearerToken(w.adminToken)
        .json({
          name: 'Resiste',
          message1: 'Oi {nome}',
          contactListId: list.id,
          whatsappId: String(conn.id),
          scheduledAt: new Date(Date.now() - 1000).toISOString(),
        })
      created.assertStatus(201)
      const id = created.body().id
      await waitFor(async () => hook.deliveries.length >= 6, 30000, 20)
      await worker.kill()
      const atKill = hook.deliveries.length
      assert.isBelow(atKill, RECIPIENTS, 'the kill landed mid-campaign')
      worker = await startWorkerProcess()
      // stalled jobs come back after BullMQ's stall check, lost ones with the sweeps
      await waitFor(
        async () => (await db.from('campaigns').where('id', id).first()).status === 'FINALIZADA',
        100_000,
        500
      )

      const keysByNumber = new Map<string, Set<string>>()
      for (const d of hook.deliveries) keysByNumber.set(d.number, (keysByNumber.get(d.number) ?? new Set()).add(d.key))
      assert.sameMembers([...keysByNumber.keys()], numbers, 'no recipient lost')
      // a delivery the worker could not record may be repeated by the outbox, always with the same idempotency key
      assert.isTrue(
        [...keysByNumber.values()].every((keys) => keys.size === 1),
        'no recipient got two messages'
      )
      const rows = await db.from('campaign_shippings').where('campaign_id', id)
      assert.lengthOf(rows, RECIPIENTS)
      assert.isTrue(rows.every((r: any) => r.status === 'delivered' && r.message_id !== null))
      const perContact = await db
        .from('messages')
        .where({ company_id: w.company.id, from_me: true })
        .groupBy('contact_id')
        .select('contact_id')
        .count('* as n')
      assert.lengthOf(perContact, RECIPIENTS)
      assert.isTrue(
        perContact.every((r: any) => Number(r.n) === 1),
        'one stored message per recipient'
      )
    } finally {
      await worker.stop()
      await hook.close()
    }
  }).timeout(150_000)
})

/** Every recipient got exactly one message (one idempotency key), every row delivered, one stored message each. */
async function assertExactlyOnce(
  assert: any,
  hook: { deliveries: { number: string; key: string }[] },
  numbers: string[],
  campaignId: number,
  companyId: number
) {
  const keysByNumber = new Map<string, Set<string>>()
  for (const d of hook.deliveries) keysByNumber.set(d.number, (keysByNumber.get(d.number) ?? new Set()).add(d.key))
  assert.sameMembers([...keysByNumber.keys()], numbers, 'no recipient lost')
  assert.isTrue(
    [...keysByNumber.values()].every((keys) => keys.size === 1),
    'no recipient got two messages'
  )
  const rows = await db.from('campaign_shippings').where('campaign_id', campaignId)
  assert.lengthOf(rows, numbers.length)
  assert.isTrue(rows.every((r: any) => r.status === 'delivered' && r.message_id !== null))
  const perContact = await db
    .from('messages')
    .where({ company_id: companyId, from_me: true })
    .groupBy('contact_id')
    .select('contact_id')
    .count('* as n')
  assert.lengthOf(perContact, numbers.length)
  assert.isTrue(
    perContact.every((r: any) => Number(r.n) === 1),
    'one stored message per recipient'
  )
}

test.group('campaigns: Redis restarted empty mid-campaign', (group) => {
  // the in-process workers use the shared Redis: stopped, so only the worker on the private Redis runs the campaign
  group.setup(() => stopWorkers())

  test('every BullMQ job lost: the sweeps rebuild the chain and the outbox from PostgreSQL, each recipient once', async ({
    client,
    assert,
  }) => {
    const hook = await receiver()
    // a private Redis (never the shared one) and its own prefix: "empty" touches nobody else's jobs
    const redis = await startPrivateRedis()
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: `camp-redis-${process.pid}` }
    const w = await createTenant()
    await setPlanFlags(w.company.planId, { useExternalApi: true })
    const conn = await createConnection(w.company, { settings: { callbackUrl: hook.url } } as any)
    const numbers = Array.from(
      { length: RECIPIENTS },
      (_, i) => `55118${String(w.company.id).padStart(4, '0')}${String(i).padStart(4, '0')}`
    )
    const list = await tenancy.run(w.company.id, async () => {
      await saveSettings({
        messageInterval: 0.2,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '00:00',
        endHour: '23:59',
        sabado: true,
        domingo: true,
      })
      const l = await ContactList.create({ name: `Lista ${uid()}` })
      for (const [i, number] of numbers.entries())
        await ContactListItem.create({ contactListId: l.id, name: `Pessoa ${i}`, number })
      return l
    })
    let worker = await startWorkerProcess(env)
    let restarted: Awaited<ReturnType<typeof startPrivateRedis>> | null = null
    try {
      // created without a time (no job on the shared Redis), then made due: the worker's sweep starts it
      const created = await client
        .post('/campaigns')
        .bearerToken(w.adminToken)
        .json({ name: 'Sem Redis', message1: 'Oi {nome}', contactListId: list.id, whatsappId: String(conn.id) })
      created.assertStatus(201)
      const id = created.body().id
      await db
        .from('campaigns')
        .where('id', id)
        .update({ status: 'PROGRAMADA', scheduled_at: new Date(Date.now() - 1000) })
      await waitFor(async () => hook.deliveries.length >= 6, 40000, 20)
      await redis.kill()
      const atKill = hook.deliveries.length
      assert.isBelow(atKill, RECIPIENTS, 'Redis went away mid-campaign')
      await new Promise((r) => setTimeout(r, 3000))
      // back on the same address with nothing in it: no tick, no outbox job, no repeatable job
      restarted = await startPrivateRedis(redis.port)
      await waitFor(
        async () => (await db.from('campaigns').where('id', id).first()).status === 'FINALIZADA',
        150_000,
        500
      ).catch(async () => {
        const rows = await db.from('campaign_shippings').where('campaign_id', id).select('status')
        throw new Error(
          `not finished: ${JSON.stringify(rows.map((r: any) => r.status))}\n${worker.output().slice(-2000)}`
        )
      })
      assert.isAbove(hook.deliveries.length, atKill, 'the campaign went on after the restart')
      await assertExactlyOnce(assert, hook, numbers, id, w.company.id)
    } finally {
      await worker.stop()
      await hook.close()
      await Promise.allSettled([redis.kill(), restarted?.kill()])
    }
  }).timeout(240_000)
})
