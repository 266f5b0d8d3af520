/**
 * Inbox benchmark: a real server (core/bin/server.ts) on a fresh database,
 * seeded with SQL, measured over loopback HTTP only.
 *   node_modules/.bin/node scripts/bench-inbox.mjs
 * Env: BENCH_TICKETS (target company, default 10000), BENCH_NOISE_COMPANIES and
 * BENCH_NOISE_TICKETS (other tenants sharing the tables, default 20 × 2000),
 * BENCH_MESSAGES_PER_TICKET (default 3), BENCH_EVENTS (inbound events per scenario, default 3000: new
 * conversations, then ongoing ones on agent-held tickets; then PostgreSQL's single-row insert rate),
 * BENCH_CONTACTS (the new conversations' distinct numbers, default 1000: with as many as events, every
 * event opens a conversation),
 * BENCH_BATCH (events per webhook request in the second pair of scenarios, default 20; 1 skips them)
 * sent by BENCH_BATCH_CLIENTS clients (default 8; the first pair uses 32),
 * BENCH_RATE (events/s the paced pair newp,heldp offers on a fixed schedule, default 3000; 0 skips them),
 * BENCH_SCENARIOS (some of new,held,newb,heldb,newp,heldp; default all),
 * BENCH_REQUESTS (requests per list measurement, default 200), BENCH_KEEP=1 keeps the database,
 * BENCH_SPLIT=0 runs the workers inside the API process instead of a separate worker process,
 * BENCH_STATEMENTS=1 counts the worker's statements per event (through a proxy: slower),
 * BENCH_PROFILE=<dir> writes CPU profiles of the API and worker processes, BENCH_SETUP_SQL runs
 * statements after the seed (experiments). The server runs compiled (build/), as in production.
 * Uses DATABASE_URL / 127.0.0.1:5432 / embedded PostgreSQL like npm test, and
 * Redis when REDIS_URL is set or 127.0.0.1:6379 answers. Prints a JSON summary.
 */
import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { benchDatabase, countingProxy, pct, prepareCompiled } from './bench_lib.mjs'

const num = (name, def) => Number(process.env[name] ?? def)

const round = (n) => Math.round(n * 100) / 100

/** the statements a scenario ran most, per event */
function topStatements(statements, events) {
  const byText = new Map()
  for (const st of statements) {
    const k = st.text.replace(/\s+/g, ' ').slice(0, 140)
    byText.set(k, (byText.get(k) ?? 0) + 1)
  }
  return [...byText]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, n]) => `${round(n / events)} × ${k}`)
}

async function main() {
  const { portOpen } = await import('../database/embedded_postgres.mjs')
  const pg = (await import('pg')).default
  const TICKETS = num('BENCH_TICKETS', 10000)
  const NOISE_COMPANIES = num('BENCH_NOISE_COMPANIES', 20)
  const NOISE_TICKETS = num('BENCH_NOISE_TICKETS', 2000)
  const MPT = num('BENCH_MESSAGES_PER_TICKET', 3)
  const EVENTS = num('BENCH_EVENTS', 3000)
  const REQUESTS = num('BENCH_REQUESTS', 200)

  const port = await freePort()
  const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'error' }
  env.APP_KEY = randomBytes(32).toString('base64url')
  env.SUPER_EMAIL = 'bench-super@balcao.test'
  env.SUPER_PASSWORD = 'bench-super-secret'
  env.REDIS_PREFIX = `balcao-bench-${process.pid}`
  env.STORAGE_PATH = join(ROOT, '.data', 'bench-storage')
  // the scenarios send more than a connection's default minute (30,000 events) on purpose
  env.API_WEBHOOK_PER_MINUTE = '10000000'

  const database = await benchDatabase(`balcao_bench_${process.pid}`, { keep: Boolean(process.env.BENCH_KEEP) })
  env.DATABASE_URL = database.url
  if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/6'

  let server = null
  let workerProcess = null
  let workerProxy = null
  // BENCH_SPLIT=0 runs the job workers inside the API process (the default deployment)
  const split = process.env.BENCH_SPLIT !== '0'
  const sql = new pg.Client({ connectionString: env.DATABASE_URL })
  const cleanup = async () => {
    if (server) {
      server.kill('SIGTERM')
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
    }
    if (workerProcess) {
      workerProcess.kill('SIGTERM')
      await new Promise((r) => workerProcess.once('exit', r))
    }
    workerProxy?.server.close()
    await sql.end().catch(() => {})
    await database.drop()
  }

  try {
    // compiled JavaScript, as production runs it
    prepareCompiled(env)
    const apiProf = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, '--cpu-prof-name=api.cpuprofile'] : []
    server = spawn(process.execPath, [...apiProf, 'build/core/bin/server.js'], {
      cwd: ROOT,
      env: { ...env, WORKERS: split ? 'false' : 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (split) {
      // BENCH_PROFILE=dir writes a CPU profile of the worker process there
      const prof = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
      // BENCH_STATEMENTS=1: the worker reaches PostgreSQL through a counting proxy (slower), for its statements per event
      const workerEnv = { ...env }
      if (process.env.BENCH_STATEMENTS) {
        const u = new URL(env.DATABASE_URL)
        workerProxy = await countingProxy({ host: u.hostname, port: Number(u.port || 5432) })
        u.hostname = '127.0.0.1'
        u.port = String(workerProxy.port)
        workerEnv.DATABASE_URL = u.toString()
      }
      workerProcess = spawn(process.execPath, [...prof, 'build/core/bin/worker.js'], {
        cwd: ROOT,
        env: workerEnv,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    }
    const base = `http://127.0.0.1:${port}`
    const api = async (method, path, { token, body, headers = {} } = {}) => {
      const res = await fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      })
      const text = await res.text()
      let json = null
      try {
        json = JSON.parse(text)
      } catch {}
      return { status: res.status, json }
    }
    // the webhooks go through node:http on kept-alive sockets: the load generator shares the server's two
    // cores, and fetch's streams cost it about as much CPU per call as the server spends accepting one
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
    const post = (path, body, headers, retried = false) =>
      new Promise((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
          (res) => {
            const chunks = []
            res.on('data', (c) => chunks.push(c))
            res.on('end', () => {
              let json = null
              try {
                json = JSON.parse(Buffer.concat(chunks).toString())
              } catch {}
              resolve({ status: res.statusCode, json })
            })
          }
        )
        // a kept-alive socket the server closed as idle just as it was reused: send again on a new one
        // (Node's documented pattern; the event ids make a second delivery a duplicate anyway)
        req.on('error', (err) =>
          req.reusedSocket && err.code === 'ECONNRESET' && !retried
            ? post(path, body, headers, true).then(resolve, reject)
            : reject(err)
        )
        req.end(body)
      })
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(base + '/health')).ok) break
      } catch {}
      if (i > 300) throw new Error('server did not start')
      await new Promise((r) => setTimeout(r, 200))
    }

    // tenant, admin and an agent through the API
    const superLogin = await api('POST', '/auth/login', { body: { email: env.SUPER_EMAIL, password: env.SUPER_PASSWORD } })
    const companyRes = await api('POST', '/companies', {
      token: superLogin.json.token,
      body: { name: 'Bench Company', email: 'bench-admin@balcao.test', planId: 1, password: 'bench-admin-1', dueDate: '2999-01-01' },
    })
    if (companyRes.status >= 300) throw new Error(`company: ${JSON.stringify(companyRes.json)}`)
    const companyId = companyRes.json.id ?? companyRes.json.company?.id
    const adminLogin = await api('POST', '/auth/login', { body: { email: 'bench-admin@balcao.test', password: 'bench-admin-1' } })
    const adminToken = adminLogin.json.token

    await sql.connect()
    const t0 = Date.now()
    await sql.query(`UPDATE plans SET features = features || '{"useExternalApi": true}'::jsonb WHERE id = 1`)
    // other tenants sharing the tables
    await sql.query(
      `INSERT INTO companies (name, email, plan_id, status, due_date)
       SELECT 'Noise ' || g, 'noise' || g || '@x.test', 1, true, '2999-01-01' FROM generate_series(1, $1) g`,
      [NOISE_COMPANIES]
    )
    const queues = (
      await sql.query(
        `INSERT INTO queues (company_id, name, color) SELECT $1, 'Fila ' || g, '#00000' || g FROM generate_series(1, 5) g RETURNING id`,
        [companyId]
      )
    ).rows.map((r) => r.id)
    const secret = 'bench-secret-0123456789abcdef'
    const token = randomBytes(15).toString('hex')
    const wid = (
      await sql.query(
        `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default, settings)
         VALUES ($1, 'API', 'api', 'CONNECTED', $2, true, $3) RETURNING id`,
        [companyId, token, JSON.stringify({ secret })]
      )
    ).rows[0].id
    const agentRes = await api('POST', '/users', {
      token: adminToken,
      body: { name: 'Agente Bench', email: 'bench-agent@balcao.test', password: 'bench-agent-1', queueIds: queues.slice(0, 2) },
    })
    if (agentRes.status >= 300) throw new Error(`agent: ${JSON.stringify(agentRes.json)}`)
    const agentId = agentRes.json.id
    const agentToken = (await api('POST', '/auth/login', { body: { email: 'bench-agent@balcao.test', password: 'bench-agent-1' } })).json.token
    const adminId = adminLogin.json.user.id

    // contacts, tickets (pending 40%, open 30%, closed 30%) and messages, in SQL
    const seed = async (cid, n, whatsappId, queueIds, userIds) => {
      await sql.query(
        `INSERT INTO contacts (company_id, name, number)
         SELECT $1, 'Cliente ' || (ARRAY['Ana','João','Conceição','Pedro','Luíza','Márcio'])[1 + g % 6] || ' ' || g, ($2::bigint + g)::text
         FROM generate_series(1, $3) g`,
        [cid, 5500000000000 + cid * 1000000, n]
      )
      await sql.query(
        `INSERT INTO tickets (company_id, uuid, status, channel, contact_id, whatsapp_id, queue_id, user_id, last_message, unread_messages, updated_at, created_at)
         SELECT c.company_id, gen_random_uuid(),
                CASE WHEN r % 10 < 4 THEN 'pending' WHEN r % 10 < 7 THEN 'open' ELSE 'closed' END,
                'api', c.id, $2, ($3::int[])[1 + r % array_length($3::int[], 1)],
                CASE WHEN r % 10 < 4 THEN NULL ELSE ($4::int[])[1 + r % array_length($4::int[], 1)] END,
                'mensagem ' || r, CASE WHEN r % 10 < 4 THEN 1 ELSE 0 END,
                now() - (r || ' seconds')::interval, now() - (r || ' seconds')::interval
         FROM (SELECT id, company_id, row_number() OVER (ORDER BY id) AS r FROM contacts WHERE company_id = $1) c`,
        [cid, whatsappId, queueIds, userIds]
      )
      await sql.query(
        `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, created_at, updated_at)
         SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, 'seed-' || t.id || '-' || g,
                (ARRAY['Olá, bom dia','Quero saber sobre a promoção','Qual o prazo de entrega?','Obrigado pela atenção','Preciso da segunda via do boleto'])[1 + (t.id + g) % 5] || ' #' || t.id,
                g % 2 = 0, 2, t.updated_at - ((10 - g) || ' seconds')::interval, t.updated_at
         FROM tickets t, generate_series(1, $2) g WHERE t.company_id = $1`,
        [cid, MPT]
      )
    }
    await seed(companyId, TICKETS, wid, queues, [adminId, agentId])
    const noise = (await sql.query(`SELECT id FROM companies WHERE name LIKE 'Noise %' ORDER BY id`)).rows.map((r) => r.id)
    for (const cid of noise) {
      const q = (await sql.query(`INSERT INTO queues (company_id, name, color) VALUES ($1, 'Q', '#111111') RETURNING id`, [cid])).rows[0].id
      const w = (
        await sql.query(`INSERT INTO whatsapps (company_id, name, channel, token) VALUES ($1, 'W', 'api', $2) RETURNING id`, [
          cid,
          randomBytes(15).toString('hex'),
        ])
      ).rows[0].id
      await seed(cid, NOISE_TICKETS, w, [q], [null])
    }
    // BENCH_SETUP_SQL: statements run after the seed (experiments: an index dropped, a setting changed)
    if (process.env.BENCH_SETUP_SQL) await sql.query(process.env.BENCH_SETUP_SQL)
    await sql.query('ANALYZE')
    const seeded = (await sql.query(`SELECT (SELECT count(*) FROM tickets) t, (SELECT count(*) FROM messages) m, (SELECT count(*) FROM contacts) c`)).rows[0]
    const seedSeconds = (Date.now() - t0) / 1000

    async function measure(label, token, qs) {
      const path = '/tickets?' + new URLSearchParams(qs).toString()
      for (let i = 0; i < 20; i++) await api('GET', path, { token })
      const times = []
      let last = null
      for (let i = 0; i < REQUESTS; i++) {
        const s = performance.now()
        last = await api('GET', path, { token })
        times.push(performance.now() - s)
      }
      if (last.status !== 200) throw new Error(`${label}: ${last.status} ${JSON.stringify(last.json)}`)
      return { label, p50: round(pct(times, 50)), p95: round(pct(times, 95)), rows: last.json.tickets.length, count: last.json.count }
    }
    const lists = [
      await measure('admin pending showAll', adminToken, { status: 'pending', showAll: 'true', pageNumber: '1' }),
      await measure('admin open showAll', adminToken, { status: 'open', showAll: 'true', pageNumber: '1' }),
      await measure('admin closed page 10', adminToken, { status: 'closed', showAll: 'true', pageNumber: '10' }),
      await measure('agent pending', agentToken, { status: 'pending', pageNumber: '1' }),
      await measure('agent open', agentToken, { status: 'open', pageNumber: '1' }),
      await measure('admin search name', adminToken, { status: 'search', searchParam: 'conceicao 12', showAll: 'true' }),
      await measure('admin search message text', adminToken, { status: 'search', searchParam: 'segunda via boleto', showAll: 'true' }),
    ]

    // inbound: signed webhooks over loopback, 32 in flight, to persisted + processed (ticket, message, realtime)
    /**
     * Sends EVENTS inbound events, perRequest per webhook call, and waits until they are processed.
     * Closed loop (`rate` 0): `clients` callers send as fast as they are answered, so the accept
     * latency is the one of a saturated machine. Open loop (`rate` events/s): calls leave on a fixed
     * schedule whatever the answers, and a call's latency counts from the moment it was due (a late
     * answer delays no later call, so slow periods are not hidden).
     */
    async function inbound(label, numberOf, perRequest = 1, clients = 32, rate = 0) {
      const before = Number((await sql.query(`SELECT coalesce(max(id), 0) AS m FROM inbound_events`)).rows[0].m)
      if (workerProxy) workerProxy.state.statements = []
      const started = Date.now()
      let next = 0
      const acceptTimes = []
      const event = (i) => {
        const number = numberOf(i)
        return { id: `bench-${label}-${i}`, from: { number, name: `Bench ${number}` }, body: `evento ${i}` }
      }
      const send = async (first, last, due) => {
        const list = Array.from({ length: last - first }, (_, k) => event(first + k))
        // one event is sent as an object, several as a JSON array (one signature, one stored batch)
        const body = JSON.stringify(perRequest === 1 ? list[0] : list)
        const ts = Math.floor(Date.now() / 1000)
        const sig = 'sha256=' + createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')
        const r = await post(`/channels/api/webhook/${token}`, body, { 'x-balcao-timestamp': String(ts), 'x-balcao-signature': sig })
        acceptTimes.push(performance.now() - due)
        if (r.status !== 202) throw new Error(`webhook ${r.status} ${JSON.stringify(r.json)}`)
      }
      if (rate > 0) {
        const start = performance.now()
        const calls = []
        for (let first = 0; first < EVENTS; first += perRequest) {
          const due = start + (first / rate) * 1000
          const wait = due - performance.now()
          if (wait > 0) await new Promise((r) => setTimeout(r, wait))
          calls.push(send(first, Math.min(EVENTS, first + perRequest), due))
        }
        await Promise.all(calls)
      } else {
        const worker = async () => {
          while (next < EVENTS) {
            const first = next
            next = Math.min(EVENTS, next + perRequest)
            await send(first, next, performance.now())
          }
        }
        await Promise.all(Array.from({ length: clients }, worker))
      }
      const acceptedAt = Date.now()
      for (;;) {
        const left = Number((await sql.query(`SELECT count(*) AS n FROM inbound_events WHERE id > $1 AND status <> 'done'`, [before])).rows[0].n)
        if (left === 0) break
        if (Date.now() - started > 600_000) throw new Error('inbound did not drain in 10 minutes')
        await new Promise((r) => setTimeout(r, 100))
      }
      const doneAt = Date.now()
      const lat = (
        await sql.query(`SELECT extract(epoch FROM (processed_at - received_at)) * 1000 AS ms FROM inbound_events WHERE id > $1`, [before])
      ).rows.map((r) => Number(r.ms))
      const made = (await sql.query(`SELECT count(*) AS n FROM messages WHERE wid LIKE $1`, [`bench-${label}-%`])).rows[0].n
      return {
        events: EVENTS,
        eventsPerRequest: perRequest,
        ...(rate > 0 ? { offeredPerSecond: rate } : { clients }),
        messagesStored: Number(made),
        acceptPerSecond: round(EVENTS / ((acceptedAt - started) / 1000)),
        acceptP50Ms: round(pct(acceptTimes, 50)),
        acceptP99Ms: round(pct(acceptTimes, 99)),
        endToEndPerSecond: round(EVENTS / ((doneAt - started) / 1000)),
        processLatencyP50Ms: round(pct(lat, 50)),
        processLatencyP99Ms: round(pct(lat, 99)),
        ...(workerProxy ? { workerStatementsPerEvent: round(workerProxy.state.statements.length / EVENTS) } : {}),
        ...(workerProxy ? { workerStatements: topStatements(workerProxy.state.statements, EVENTS) } : {}),
      }
    }
    // new conversations: BENCH_CONTACTS unknown numbers (default 1,000), each writing in turn: its first
    // message opens the contact and the ticket and meets the bot, the next ones reach the bot's ticket
    const CONTACTS = num('BENCH_CONTACTS', 1000)
    // BENCH_SCENARIOS=new,held,newb,heldb picks some (the ceiling always runs)
    const wanted = (name) => !process.env.BENCH_SCENARIOS || process.env.BENCH_SCENARIOS.split(',').includes(name)
    const fresh = wanted('new') ? await inbound('new', (i) => String(5599000000000 + (i % CONTACTS))) : null
    // ongoing conversations: 1,000 contacts whose ticket an agent holds (most of a busy inbox's traffic)
    const held = (
      await sql.query(
        `SELECT c.number FROM tickets t JOIN contacts c ON c.id = t.contact_id
          WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND t.status = 'open' AND t.user_id IS NOT NULL ORDER BY t.id LIMIT 1000`,
        [companyId, wid]
      )
    ).rows.map((r) => r.number)
    const ongoing = wanted('held') ? await inbound('held', (i) => held[i % held.length]) : null
    // the same two, with BENCH_BATCH events per request (as Cloud API and Baileys deliver them: several at once)
    const BATCH = num('BENCH_BATCH', 20)
    const BATCH_CLIENTS = num('BENCH_BATCH_CLIENTS', 8)
    const freshBatched = BATCH > 1 && wanted('newb') ? await inbound('newb', (i) => String(5598000000000 + (i % CONTACTS)), BATCH, BATCH_CLIENTS) : null
    const ongoingBatched = BATCH > 1 && wanted('heldb') ? await inbound('heldb', (i) => held[i % held.length], BATCH, BATCH_CLIENTS) : null
    // the same two again, sent at BENCH_RATE events/s (default 3,000, the target) on a fixed schedule:
    // the accept latency at that load rather than at saturation
    const RATE = num('BENCH_RATE', 3000)
    const paced = (name, numberOf) => (BATCH > 1 && RATE > 0 && wanted(name) ? inbound(name, numberOf, BATCH, 0, RATE) : null)
    const freshPaced = await paced('newp', (i) => String(5597000000000 + (i % CONTACTS)))
    const ongoingPaced = await paced('heldp', (i) => held[i % held.length])

    // the PostgreSQL ceiling: single-row inserts of a message-sized row into a copy of messages with its indexes, 8 clients, 5 s
    await sql.query('CREATE TABLE bench_ceiling (LIKE messages INCLUDING ALL)')
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const c = new pg.Client({ connectionString: env.DATABASE_URL })
        await c.connect()
        return c
      })
    )
    let inserted = 0
    const until = Date.now() + 5000
    await Promise.all(
      clients.map(async (c, k) => {
        for (let n = 0; Date.now() < until; n++) {
          await c.query(
            `INSERT INTO bench_ceiling (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, read, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, false, 0, false, now(), now())`,
            [companyId, 1, 1, wid, `ceiling-${k}-${n}`, `evento ${n} com um texto do tamanho de uma mensagem comum`]
          )
          inserted++
        }
      })
    )
    await Promise.all(clients.map((c) => c.end()))
    await sql.query('DROP TABLE bench_ceiling')
    const ceiling = round(inserted / 5)

    const result = {
      machine: `${(await import('node:os')).cpus().length} cores`,
      jobs: env.REDIS_URL ? 'redis' : 'postgres',
      processes: split ? 'api + 1 worker process' : 'api with in-process workers',
      seeded: { tickets: Number(seeded.t), messages: Number(seeded.m), contacts: Number(seeded.c), companies: NOISE_COMPANIES + 1, seconds: round(seedSeconds) },
      ticketListMs: lists,
      inbound: {
        newConversations: fresh,
        ongoingConversations: ongoing,
        ...(freshBatched ? { newConversationsBatched: freshBatched } : {}),
        ...(ongoingBatched ? { ongoingConversationsBatched: ongoingBatched } : {}),
        ...(freshPaced ? { newConversationsPaced: freshPaced } : {}),
        ...(ongoingPaced ? { ongoingConversationsPaced: ongoingPaced } : {}),
      },
      postgresSingleRowInsertsPerSecond: ceiling,
      ...(ongoing ? { ongoingShareOfCeiling: `${Math.round((ongoing.endToEndPerSecond / ceiling) * 100)} %` } : {}),
      ...(ongoingBatched ? { ongoingBatchedShareOfCeiling: `${Math.round((ongoingBatched.endToEndPerSecond / ceiling) * 100)} %` } : {}),
    }
    console.log(JSON.stringify(result, null, 2))
  } finally {
    await cleanup()
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
