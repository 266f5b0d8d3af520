/**
 * Campaign benchmark: a 10,000-recipient campaign with zero intervals through
 * the API channel (signed POST per message) to a local receiver. One API
 * process (workers off) takes the calls; one worker process runs the
 * dispatcher and the outbox, as in production. Reports:
 *  - sends per second at the receiver (first delivery to last);
 *  - the dispatcher's share: its rate (shipping rows' sent_at, the moment a
 *    message is stored and handed to the outbox) and its wall time per message;
 *  - the time each message then spends in the outbox (receiver's arrival − sent_at);
 *  - exactly once: every recipient's deliveries carry one Idempotency-Key, no key twice.
 *   node_modules/.bin/node scripts/bench-campaign.mjs
 * Env: BENCH_RECIPIENTS (default 10000), BENCH_PROFILE=<dir> (CPU profile of the worker). Needs Redis (BullMQ).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { accessToken, benchDatabase, benchProcessEnv, pct, prepareCompiled, sleep, waitHealthy } from './bench_lib.mjs'

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000)

async function main() {
  const pg = (await import('pg')).default
  const env = await benchProcessEnv('camp')
  const appKey = env.APP_KEY

  // the receiver: arrival time per Idempotency-Key, keys per recipient
  const arrivals = new Map()
  const keysByNumber = new Map()
  let duplicates = 0
  const receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'])
      if (arrivals.has(key)) duplicates++
      else arrivals.set(key, Date.now())
      try {
        const number = JSON.parse(body).to?.number
        keysByNumber.set(number, (keysByNumber.get(number) ?? new Set()).add(key))
      } catch {}
      res.writeHead(200, { 'content-type': 'application/json' })
      // the key as the provider's id: the stored message's wid names its arrival
      res.end(JSON.stringify({ id: key }))
    })
  })
  const receiverPort = await freePort()
  await new Promise((r) => receiver.listen(receiverPort, '127.0.0.1', r))

  const database = await benchDatabase(`balcao_bench_camp_${process.pid}`)
  env.DATABASE_URL = database.url
  const children = []
  const sql = new pg.Client({ connectionString: database.url })
  sql.on('error', () => {})
  try {
    prepareCompiled(env)
    await sql.connect()
    // plan 1 (the seed's) has every flag: useCampaigns and useExternalApi
    const companyId = (
      await sql.query(
        `INSERT INTO companies (name, email, plan_id, status, due_date) VALUES ('Bench Camp', 'camp@bench.test', 1, true, '2999-01-01') RETURNING id`
      )
    ).rows[0].id
    const userId = (
      await sql.query(
        `INSERT INTO users (company_id, name, email, password, profile) VALUES ($1, 'Admin', 'admin@camp.test', 'x', 'admin') RETURNING id`,
        [companyId]
      )
    ).rows[0].id
    const sessionId = randomUUID()
    await sql.query(`INSERT INTO user_sessions (id, user_id, company_id) VALUES ($1, $2, $3)`, [sessionId, userId, companyId])
    const whatsappId = (
      await sql.query(
        `INSERT INTO whatsapps (company_id, name, channel, status, token, settings)
         VALUES ($1, 'API', 'api', 'CONNECTED', $2, $3::jsonb) RETURNING id`,
        [companyId, randomBytes(15).toString('hex'), JSON.stringify({ callbackUrl: `http://127.0.0.1:${receiverPort}/in` })]
      )
    ).rows[0].id
    const token = accessToken(appKey, { sid: sessionId, uid: userId, cid: companyId })

    const port = await freePort()
    const api = spawn(process.execPath, ['build/core/bin/server.js'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), WORKERS: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(api)
    const base = `http://127.0.0.1:${port}`
    await waitHealthy(base, api)
    const post = async (path, body) => {
      const r = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'authorization': `Bearer ${token}` },
        body: JSON.stringify(body),
      })
      if (!r.ok) throw new Error(`${path} → ${r.status} ${await r.text()}`)
      return r.json()
    }
    await post('/campaign-settings', {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      startHour: '00:00',
      endHour: '23:59',
      sabado: true,
      domingo: true,
    })
    const list = await post('/contact-lists', { name: 'Bench' })
    await sql.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
       SELECT $1::int, $2::int, 'Pessoa ' || g, (5511900000000 + g)::text FROM generate_series(1, $3::int) g`,
      [companyId, list.id, RECIPIENTS]
    )
    const campaign = await post('/campaigns', {
      name: 'Bench',
      message1: 'Olá {nome}, oferta de hoje',
      contactListId: list.id,
      whatsappId: String(whatsappId),
      scheduledAt: new Date(Date.now() + 1500).toISOString(),
    })

    // the worker: dispatcher and outbox in one process
    const started = Date.now()
    const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
    const worker = spawn(process.execPath, [...prof, 'build/core/bin/worker.js'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(worker)
    const deadline = Date.now() + 30 * 60_000
    let status = ''
    while (Date.now() < deadline) {
      status = (await sql.query('SELECT status FROM campaigns WHERE id = $1', [campaign.id])).rows[0].status
      if (status === 'FINALIZADA' && arrivals.size >= RECIPIENTS) break
      await sleep(250)
    }
    const finished = Date.now()
    if (status !== 'FINALIZADA') throw new Error(`campaign not finished: ${arrivals.size} of ${RECIPIENTS} received`)

    // sent_at: the dispatcher stored the message and handed it to the outbox; the message's wid is the key
    const { rows } = await sql.query(
      `SELECT (extract(epoch FROM s.sent_at) * 1000)::float8 AS sent, m.wid
         FROM campaign_shippings s JOIN messages m ON m.id = s.message_id
        WHERE s.campaign_id = $1`,
      [campaign.id]
    )
    const sent = rows.map((r) => Number(r.sent))
    const dispatchMs = Math.max(...sent) - Math.min(...sent)
    const inOutbox = rows.filter((r) => arrivals.has(r.wid)).map((r) => arrivals.get(r.wid) - Number(r.sent))
    const times = [...arrivals.values()]
    const firstAt = Math.min(...times)
    const lastAt = Math.max(...times)
    const summary = {
      recipients: RECIPIENTS,
      delivered: arrivals.size,
      duplicates,
      recipientsWithTwoKeys: [...keysByNumber.values()].filter((k) => k.size > 1).length,
      recipientsReached: keysByNumber.size,
      sendsPerSecond: Math.round((arrivals.size - 1) / ((lastAt - firstAt) / 1000)),
      dispatcher: {
        perSecond: Math.round((sent.length - 1) / (dispatchMs / 1000)),
        msPerMessage: Math.round((dispatchMs / sent.length) * 100) / 100,
      },
      outboxMsPerMessage: { p50: Math.round(pct(inOutbox, 50)), p99: Math.round(pct(inOutbox, 99)) },
      workerStartToFinishedSeconds: Math.round((finished - started) / 100) / 10,
    }
    console.log(JSON.stringify(summary, null, 2))
    if (duplicates || summary.recipientsWithTwoKeys || summary.recipientsReached !== RECIPIENTS) process.exitCode = 1
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    await sql.end().catch(() => {})
    for (const c of children) c.kill('SIGTERM')
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))))
    receiver.close()
    await database.drop()
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
