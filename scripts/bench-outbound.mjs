/**
 * Outbound benchmark: how fast the outbox delivers agents' messages through
 * the API channel's driver (signed POST per message) to a local receiver.
 * The API process accepts N messages (POST /messages/:ticketId) with the job
 * workers off; then one worker process starts and the receiver counts
 * deliveries until all N arrived (each exactly once, by Idempotency-Key).
 *   node_modules/.bin/node scripts/bench-outbound.mjs
 * A second API process, through a statement-counting proxy to PostgreSQL, gives
 * the statements one accepted message costs (BENCH_STATEMENTS=1 prints them).
 * Env: BENCH_MESSAGES (default 10000), BENCH_TICKETS (default 100), BENCH_WORKERS (worker processes,
 * default 1; a process uses one core), BENCH_PROFILE=<dir> (CPU profiles of the API and the workers). Needs Redis (BullMQ).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import {
  accessToken,
  benchDatabase,
  benchProcessEnv,
  countingProxy,
  pct,
  prepareCompiled,
  sleep,
  waitHealthy,
} from './bench_lib.mjs'

const num = (name, def) => Number(process.env[name] ?? def)

async function main() {
  const pg = (await import('pg')).default
  const MESSAGES = num('BENCH_MESSAGES', 10000)
  const TICKETS = num('BENCH_TICKETS', 100)
  const WORKERS = num('BENCH_WORKERS', 1)
  const PROBES = 6
  const env = await benchProcessEnv('out')
  const appKey = env.APP_KEY

  // the receiver: counts each message id once, answers 200 with a provider id
  const seen = new Map()
  let duplicates = 0
  const receiver = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const key = req.headers['idempotency-key']
      if (seen.has(key)) duplicates++
      else seen.set(key, performance.now())
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: `p-${key}` }))
    })
  })
  const receiverPort = await freePort()
  await new Promise((r) => receiver.listen(receiverPort, '127.0.0.1', r))

  const database = await benchDatabase(`balcao_bench_out_${process.pid}`)
  env.DATABASE_URL = database.url
  const children = []
  try {
    prepareCompiled(env)
    const sql = new pg.Client({ connectionString: env.DATABASE_URL })
    sql.on('error', () => {})
    await sql.connect()
    const companyId = (
      await sql.query(
        `INSERT INTO companies (name, email, plan_id, status, due_date) VALUES ('Bench Out', 'out@bench.test', 1, true, '2999-01-01') RETURNING id`
      )
    ).rows[0].id
    const userId = (
      await sql.query(
        `INSERT INTO users (company_id, name, email, password, profile) VALUES ($1, 'Agente', 'agent@out.test', 'x', 'admin') RETURNING id`,
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
    const tickets = (
      await sql.query(
        `WITH c AS (
           INSERT INTO contacts (company_id, name, number)
           SELECT $1, 'Cliente ' || g, (5511900000000 + g)::text FROM generate_series(1, $2) g RETURNING id)
         INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel, user_id, uuid)
         SELECT $1, c.id, $3, 'open', 'api', $4, gen_random_uuid() FROM c RETURNING id`,
        [companyId, TICKETS, whatsappId, userId]
      )
    ).rows.map((r) => r.id)
    await sql.end()
    const token = accessToken(appKey, { sid: sessionId, uid: userId, cid: companyId })

    // 1. the API accepts the messages (workers off: they wait in the outbox)
    const port = await freePort()
    // BENCH_PROFILE=<dir> writes a CPU profile of the API and of the workers there
    const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
    const api = spawn(process.execPath, [...prof, 'build/core/bin/server.js'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), WORKERS: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(api)
    const base = `http://127.0.0.1:${port}`
    await waitHealthy(base, api)
    const accept = []
    let next = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < MESSAGES) {
          const i = next++
          const started = performance.now()
          const r = await fetch(`${base}/messages/${tickets[i % tickets.length]}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'authorization': `Bearer ${token}` },
            body: JSON.stringify({ body: `mensagem ${i}` }),
          })
          await r.text()
          if (r.status >= 300) throw new Error(`send ${r.status}`)
          accept.push(performance.now() - started)
        }
      })
    )
    const acceptSeconds = (performance.now() - t0) / 1000

    // statements per accepted message: a second API process reaches PostgreSQL through a counting
    // proxy and accepts PROBES more messages one at a time (the fewest counts: a warm request)
    const u = new URL(env.DATABASE_URL)
    const proxy = await countingProxy({ host: u.hostname, port: Number(u.port || 5432) })
    u.hostname = '127.0.0.1'
    u.port = String(proxy.port)
    const probePort = await freePort()
    const probe = spawn(process.execPath, ['build/core/bin/server.js'], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: u.toString(), PORT: String(probePort), WORKERS: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    children.push(probe)
    await waitHealthy(`http://127.0.0.1:${probePort}`, probe)
    let statements = null
    for (let i = 0; i < PROBES; i++) {
      proxy.state.statements = []
      const r = await fetch(`http://127.0.0.1:${probePort}/messages/${tickets[i % tickets.length]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'authorization': `Bearer ${token}` },
        body: JSON.stringify({ body: `sonda ${i}` }),
      })
      await r.text()
      if (r.status >= 300) throw new Error(`probe ${r.status}`)
      await sleep(100) // after-commit work (events) is part of the request's cost
      if (i > 0 && (!statements || proxy.state.statements.length < statements.length)) statements = proxy.state.statements
    }
    probe.kill('SIGTERM')
    proxy.server.close()
    if (process.env.BENCH_STATEMENTS) for (const st of statements) console.error('  ·', st.text.replace(/\s+/g, ' ').slice(0, 240))
    const TOTAL = MESSAGES + PROBES

    // a live database has its statistics; one filled seconds ago may not yet (autovacuum runs each minute)
    const stats = new pg.Client({ connectionString: env.DATABASE_URL })
    await stats.connect()
    await stats.query('ANALYZE')
    await stats.end()

    // 2. the worker processes drain the outbox
    const started = performance.now()
    // BENCH_STATEMENTS=1: the workers go through the counting proxy too (slower), for their statements per message
    let workerProxy = null
    const workerEnv = { ...env }
    if (process.env.BENCH_STATEMENTS) {
      workerProxy = await countingProxy({ host: u.hostname === '127.0.0.1' ? new URL(env.DATABASE_URL).hostname : u.hostname, port: Number(new URL(env.DATABASE_URL).port || 5432) })
      const wu = new URL(env.DATABASE_URL)
      wu.hostname = '127.0.0.1'
      wu.port = String(workerProxy.port)
      workerEnv.DATABASE_URL = wu.toString()
    }
    for (let w = 0; w < WORKERS; w++) {
      const worker = spawn(process.execPath, [...prof, 'build/core/bin/worker.js'], {
        cwd: ROOT,
        env: workerEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      children.push(worker)
    }
    let firstAt = null
    const deadline = Date.now() + 10 * 60_000
    while (seen.size < TOTAL && Date.now() < deadline) {
      if (firstAt === null && seen.size > 0) firstAt = Math.min(...seen.values())
      await sleep(50)
    }
    const times = [...seen.values()]
    const lastAt = Math.max(...times)
    firstAt ??= Math.min(...times)
    const summary = {
      messages: MESSAGES,
      tickets: TICKETS,
      workers: WORKERS,
      accepted: {
        perSecond: Math.round(MESSAGES / acceptSeconds),
        p50Ms: Math.round(pct(accept, 50)),
        p99Ms: Math.round(pct(accept, 99)),
        statementsPerMessage: statements.length,
      },
      delivered: seen.size,
      duplicates,
      // from the first delivery to the last: the outbox's steady rate, without the worker's start-up
      deliveredPerSecond: Math.round((seen.size - 1) / ((lastAt - firstAt) / 1000)),
      workerStartToLastMs: Math.round(lastAt - started),
      // when half, 99 % and all of the messages had arrived, from the first: a tail shows retries
      arrivalMs: Object.fromEntries(
        [50, 99, 100].map((p) => [`p${p}`, Math.round(pct(times.map((t) => t - firstAt), p))])
      ),
    }
    if (workerProxy) {
      const byText = new Map()
      for (const st of workerProxy.state.statements) {
        const k = st.text.replace(/\s+/g, ' ').slice(0, 160)
        byText.set(k, (byText.get(k) ?? 0) + 1)
      }
      summary.workerStatementsPerMessage = +(workerProxy.state.statements.length / TOTAL).toFixed(2)
      for (const [k, n] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.error(`  ${n} × ${k}`)
      workerProxy.server.close()
    }
    console.log(JSON.stringify(summary, null, 2))
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    for (const c of children) c.kill('SIGTERM')
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))))
    receiver.close()
    await database.drop()
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
