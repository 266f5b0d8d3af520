/**
 * The reduced scale-out harness (scripts/cluster.mjs is the full one): two API
 * processes (WORKERS=false) and one worker process on the test database and
 * Redis. Signed webhooks go to both nodes while one of them is killed with
 * SIGKILL; every event is retried on the survivor until accepted, as a sender
 * would, and each must end as exactly one message. An SSE stream on node 1
 * receives the ticket event caused by a request to node 2 (Redis fan-out).
 * SSE clients that start on node 1 move to node 2 when it dies, reconnecting
 * with Last-Event-ID: each must get every event of its channel exactly once.
 * Scenario (c) in small: two workers run WhatsApp sessions on the recording
 * fake socket (WHATSAPP_FAKE_SOCKET); the one holding more is killed with
 * SIGKILL while agents queue messages, the other must take each of its
 * sessions over within 30 s and every message must reach the fake once.
 */
import { test } from '@japa/runner'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { inboxWorld, waitFor } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'
import { listen } from '#tests/helpers/realtime'
import { startApiProcess, startWorkerProcess, type ApiProcess } from '#tests/helpers/processes'
import { compare, failoverClient, followLog, type FailoverClient } from '#tests/helpers/sse_failover'

const EVENTS = 300
const IN_FLIGHT = 8
/** node 1 dies once this many events were accepted */
const KILL_AFTER = 100

function webhook(base: string, token: string, secret: string, body: unknown) {
  const raw = JSON.stringify(body)
  const ts = Math.floor(Date.now() / 1000)
  return fetch(`${base}/channels/api/webhook/${token}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      'x-balcao-timestamp': String(ts),
      'x-balcao-signature': 'sha256=' + createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
    },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  })
}

test.group('cluster', () => {
  test('2 API nodes + 1 worker: an API node killed mid-stream loses and doubles nothing; SSE crosses nodes', async ({
    assert,
  }) => {
    if (!process.env.REDIS_URL) return assert.fail('this test needs Redis (REDIS_URL)')
    const w = await inboxWorld()
    await setPlanFlags(w.company.planId, { useExternalApi: true } as any)
    const secret = `cluster-secret-${Date.now()}-abcdef`
    await db
      .from('whatsapps')
      .where('id', w.whatsapp.id)
      .update({ settings: JSON.stringify({ secret }) })
    const token = w.whatsapp.token
    const prefix = `cl-${w.company.id}-`

    const nodes: ApiProcess[] = await Promise.all([startApiProcess(), startApiProcess()])
    const worker = await startWorkerProcess()
    const stream = listen(nodes[0].url, w.adminToken)
    let deadNode: ApiProcess | null = null
    let clients: FailoverClient[] = []
    const t0 = Date.now()
    try {
      // realtime across nodes: a stream on node 1, the cause on node 2 (a first event makes the ticket)
      await stream.subscribe(`company/${w.company.id}/user/${w.admin.id}`)
      assert.equal(
        (
          await webhook(nodes[1].url, token, secret, {
            id: `${prefix}first`,
            from: { number: '5598999999999' },
            body: 'oi',
          })
        ).status,
        202
      )
      const ticket = await waitFor(() => db.from('tickets').where('company_id', w.company.id).first(), 30_000, 100)
      const update = await fetch(`${nodes[1].url}/tickets/${ticket.id}`, {
        method: 'PUT',
        headers: {
          'authorization': `Bearer ${w.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify({ status: 'open', userId: w.admin.id }),
      })
      assert.equal(update.status, 200, await update.text())
      const got = await stream.waitFor(
        (m) => m.action === 'update' && m.ticket?.id === ticket.id && m.ticket?.status === 'open',
        10_000
      )
      assert.exists(got, 'the ticket event caused on node 2 reached the stream on node 1')
      stream.close()

      // SSE clients on node 1 (the one that dies), checked against the shared replay log
      const log = await followLog(process.env.REDIS_URL!, process.env.REDIS_PREFIX ?? 'balcao')
      // the admin's channel carries the ticket and message events of the traffic
      const channels = [`company/${w.company.id}/user/${w.admin.id}`]
      clients = channels.map((c) =>
        failoverClient(() => (deadNode ? [nodes[1].url] : nodes.map((n) => n.url)), w.adminToken, c, log.start)
      )

      // inbound load over both nodes; node 1 is killed once KILL_AFTER were accepted
      let next = 0
      let accepted = 0
      let failedTries = 0
      let killed: Promise<void> | null = null
      const alive = () => (killed ? [nodes[1]] : nodes)
      const send = async () => {
        while (next < EVENTS) {
          const i = next++
          const body = {
            id: `${prefix}${i}`,
            from: { number: String(5598000000000 + (i % 40)), name: `Cluster ${i % 40}` },
            body: `evento ${i}`,
          }
          // a sender retries until it gets its 202, on whichever node answers
          for (let attempt = 0; ; attempt++) {
            const live = alive()
            const node = live[(i + attempt) % live.length]
            const r = await webhook(node.url, token, secret, body).catch(() => null)
            if (r?.status === 202) break
            failedTries++
            if (attempt > 20) throw new Error(`event ${i} never accepted (last ${r?.status})`)
            await new Promise((res) => setTimeout(res, 50))
          }
          if (++accepted === KILL_AFTER) {
            deadNode = nodes[0]
            killed = nodes[0].kill()
          }
        }
      }
      await Promise.all(Array.from({ length: IN_FLIGHT }, send))
      await killed
      assert.equal(accepted, EVENTS)

      await waitFor(
        async () => {
          const [{ n }] = await db
            .from('inbound_events')
            .where('company_id', w.company.id)
            .whereNot('status', 'done')
            .count('* as n')
          return Number(n) === 0
        },
        60_000,
        200
      )
      const rows = await db
        .from('messages')
        .where('company_id', w.company.id)
        .whereLike('wid', `${prefix}%`)
        .select('wid')
        .count('* as n')
        .groupBy('wid')
      const doubled = rows.filter((r: any) => Number(r.n) !== 1).map((r: any) => r.wid)
      assert.deepEqual(doubled, [], 'doubled messages')
      assert.equal(rows.length, EVENTS + 1, `messages for ${rows.length} of ${EVENTS} accepted events (lost ones)`)
      const [{ n: events }] = await db.from('inbound_events').where('company_id', w.company.id).count('* as n')
      assert.equal(Number(events), EVENTS + 1, 'inbound events stored once each')

      // every event sent on the clients' channels reached them once, across the kill
      await new Promise((r) => setTimeout(r, 300))
      await log.stop()
      await waitFor(
        async () => channels.every((c, i) => clients[i].ids.at(-1) === log.ids(c).at(-1)) || null,
        10_000,
        100
      ).catch(() => null)
      for (const c of clients) c.stop()
      const sse = channels.map((c, i) => compare(log.ids(c), clients[i].ids))
      assert.isAbove(sse[0].sent, 0, 'the traffic sent realtime events')
      for (const [i, r] of sse.entries()) {
        assert.equal(r.missed, 0, `SSE client of ${channels[i]} missed events: ${JSON.stringify(r)}`)
        assert.equal(r.doubled, 0, `SSE client of ${channels[i]} got events twice: ${JSON.stringify(r)}`)
        assert.isAtLeast(clients[i].reconnects, 1, 'the client moved to node 2')
      }

      console.log(
        `cluster: ${EVENTS} accepted, ${failedTries} failed tries around the kill, ${rows.length - 1} messages, 0 doubled; SSE ${sse[0].received}/${sse[0].sent} events, 0 missed, ${Math.round((Date.now() - t0) / 1000)} s`
      )
    } finally {
      stream.close()
      for (const c of clients) c.stop()
      // a killed node is not stopped again: ApiProcess.stop() waits for an exit that already happened
      await Promise.all([...nodes.filter((n) => n !== deadNode).map((n) => n.stop()), worker.stop()])
    }
  }).timeout(90_000)

  test('2 workers on the fake WhatsApp socket: the one holding more sessions is killed; the other takes each over within 30 s and every queued message is sent once', async ({
    assert,
  }) => {
    if (!process.env.REDIS_URL) return assert.fail('this test needs Redis (REDIS_URL)')
    const SESSIONS = 4
    const PER_SESSION = 3
    const w = await inboxWorld()
    // one folder per worker: the pid in its file names the process (wa_sessions.owner holds it too)
    const dirs = [mkdtempSync(join(tmpdir(), 'cluster-wa-')), mkdtempSync(join(tmpdir(), 'cluster-wa-'))]
    const records = () =>
      dirs.flatMap((dir, worker) =>
        readdirSync(dir).flatMap((f) =>
          readFileSync(join(dir, f), 'utf8')
            .split('\n')
            .filter(Boolean)
            .flatMap((l) => {
              try {
                return [{ ...JSON.parse(l), worker }]
              } catch {
                return [] // cut by the kill
              }
            })
        )
      )
    const ownerPid = (owner: string | null) => Number(/:(\d+):[^:]+$/.exec(owner ?? '')?.[1] ?? 0)
    const node = await startApiProcess()
    const workers = await Promise.all(dirs.map((dir) => startWorkerProcess({ WHATSAPP_FAKE_SOCKET: dir })))
    const call = async (method: string, path: string, body: unknown) => {
      const r = await fetch(`${node.url}${path}`, {
        method,
        headers: {
          'authorization': `Bearer ${w.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify(body),
      })
      const text = await r.text()
      assert.isBelow(r.status, 300, `${method} ${path}: ${text}`)
      return JSON.parse(text)
    }
    try {
      // connections through the API, as an admin creates them: each session starts on one of the workers
      const ids: number[] = []
      for (let i = 0; i < SESSIONS; i++)
        ids.push((await call('POST', '/whatsapp', { name: `WA fake ${i}`, channel: 'whatsapp' })).id)
      const sessions = () =>
        db
          .from('wa_sessions')
          .join('whatsapps', 'whatsapps.id', 'wa_sessions.whatsapp_id')
          .whereIn('wa_sessions.whatsapp_id', ids)
          .select('wa_sessions.whatsapp_id as id', 'wa_sessions.owner', 'whatsapps.status')
      const placed = await waitFor(
        async () => {
          const rows = await sessions()
          return rows.length === SESSIONS && rows.every((r) => r.status === 'CONNECTED' && r.owner) ? rows : null
        },
        30_000,
        200
      )
      const pidOf = (worker: number) => records().find((r) => r.worker === worker)?.pid
      const count = (worker: number) => placed.filter((r) => ownerPid(r.owner) === pidOf(worker)).length
      const victim = count(0) >= count(1) ? 0 : 1
      const victimPid = pidOf(victim)
      const moving = placed.filter((r) => ownerPid(r.owner) === victimPid).map((r) => Number(r.id))
      assert.equal(count(0) + count(1), SESSIONS, 'every session runs on one of the two workers')

      const tickets: number[] = []
      for (const [i, whatsappId] of ids.entries()) {
        const contact = await call('POST', '/contacts', { name: `WA fake ${i}`, number: String(5593000000000 + i) })
        const ticket = await call('POST', '/tickets', {
          contactId: contact.id,
          whatsappId,
          queueId: w.queue.id,
          status: 'open',
          userId: w.admin.id,
        })
        tickets.push(ticket.id)
      }
      // a third of the messages before the kill, the rest queued while the victim's sessions have no socket
      const total = SESSIONS * PER_SESSION
      const marker = (j: number) => `[wa-${w.company.id}-${j}]`
      let killedAt = 0
      for (let j = 0; j < total; j++) {
        if (j === Math.floor(total / 3)) {
          killedAt = Date.now()
          await workers[victim].kill()
        }
        await call('POST', `/messages/${tickets[j % SESSIONS]}`, { body: `mensagem ${marker(j)}` })
      }

      const survivorPid = await waitFor(async () => pidOf(1 - victim) ?? null, 30_000, 200).catch(() => null)
      const takeover = await waitFor(
        async () => {
          const rows = await sessions()
          const opens = records().filter((r) => r.type === 'open' && r.at >= killedAt && r.pid === survivorPid)
          const times = moving.map((id) => {
            const row = rows.find((r) => Number(r.id) === id)
            const open = opens.find((o) => o.connection === id)
            return row?.status === 'CONNECTED' && ownerPid(row.owner) === survivorPid && open
              ? open.at - killedAt
              : null
          })
          return times.every((t) => t !== null) ? Math.max(0, ...(times as number[])) : null
        },
        40_000,
        200
      )
      assert.isBelow(takeover, 30_000, 'every session of the killed worker connected on the other within 30 s')

      await waitFor(
        async () => {
          const [{ n }] = await db
            .from('messages')
            .where('company_id', w.company.id)
            .where('from_me', true)
            .whereLike('body', `%[wa-${w.company.id}-%`)
            .where('ack', '>=', 1)
            .count('* as n')
          return Number(n) === total
        },
        90_000,
        200
      )
      const sends = new Map<string, number>()
      for (const r of records().filter((x) => x.type === 'send')) {
        const k = /\[wa-\d+-(\d+)\]/.exec(r.text ?? '')?.[1]
        if (k !== undefined) sends.set(k, (sends.get(k) ?? 0) + 1)
      }
      const lost = Array.from({ length: total }, (_, j) => String(j)).filter((j) => !sends.has(j))
      const doubled = [...sends].filter(([, n]) => n > 1).map(([j]) => j)
      assert.deepEqual(lost, [], 'messages never sent')
      assert.deepEqual(doubled, [], 'messages sent twice')
      console.log(
        `cluster (c): ${moving.length} of ${SESSIONS} sessions moved in ${Math.round(takeover / 100) / 10} s, ${total} messages sent once each`
      )
    } finally {
      await Promise.all([node.stop(), ...workers.map((x) => x.stop())])
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  }).timeout(150_000)
})
