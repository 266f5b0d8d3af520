/**
 * List benchmark (issue 14, item 1; docs/performance.md): a real API process
 * (core/bin/server.ts) on a fresh database seeded set-wise with the issue's
 * shape, every list call measured sequentially over loopback HTTP.
 *
 *   node_modules/.bin/node scripts/bench-lists.mjs
 *
 * Shape: one company with BENCH_TICKETS tickets (default 100000; 1000000 for the
 * issue's figures): 20 % open, 20 % pending, 60 % closed, 10 queues, 20 agents;
 * BENCH_HISTORY (default 0.1) of the tickets are an older closed ticket of a
 * contact that has a newer one, so the contacts are BENCH_TICKETS × 0.9;
 * BENCH_MESSAGES_PER_TICKET messages each (default 5), plus BENCH_NOISE_COMPANIES
 * (20) other tenants of BENCH_NOISE_TICKETS tickets (2000) sharing the tables.
 * Each call runs BENCH_REQUESTS times (200) after a warm-up: BENCH_WARMUP rounds (100) of every
 * call in turn before any measurement, then 20 requests of the call itself, so every call meets
 * a server whose code the engine has optimised (a serving process has answered thousands of
 * requests; with 20 warm-up requests the first calls measured a still-cold process).
 * A second API process reaches PostgreSQL through a counting proxy: it gives
 * the statements per request and, with BENCH_EXPLAIN=<file>, the exact SQL of
 * each call, run again under EXPLAIN (ANALYZE, BUFFERS) into that file.
 *
 * Other env: BENCH_PROFILE=<dir> (CPU profile of the measured API process), BENCH_OUT=<file> (JSON result; default .data/bench-lists-<tickets>.json),
 * BENCH_KEEP=1 keeps the database, BENCH_DB=<name> reuses a kept one (no seeding),
 * BENCH_ONLY=<regex> measures only the matching calls, BENCH_BEFORE=<git revision> measures that
 * revision's server beside this one (built in a worktree under .data/bench-ab/; same database,
 * requests interleaved one by one so both see the same machine: on a shared, noisy machine
 * the only fair before/after) and adds each server's CPU per request, BENCH_REDIS=1 runs the API
 * processes with Redis (127.0.0.1:6379 or REDIS_URL; off by default: lists do not use
 * it). DATABASE_URL / 127.0.0.1:5432 / embedded PostgreSQL as npm test.
 * After the calls: a company grown since the last ANALYZE (BENCH_GROWN=0 skips it), then the calls
 * again with 0, 2 and 20 % of the tickets and contacts updated since their last VACUUM
 * (BENCH_CHURN=0 skips it; BENCH_CHURN_REQUESTS a call, 50).
 */
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { mkdirSync, openSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { benchDatabase, buildRevision, countingProxy, cpuMs, pct, prepareCompiled } from './bench_lib.mjs'

const num = (name, def) => Number(process.env[name] ?? def)
const round = (n) => Math.round(n * 100) / 100
const log = (...a) => console.error(`[bench-lists ${new Date().toISOString().slice(11, 19)}]`, ...a)

const FIRST = ['Ana', 'João', 'Conceição', 'Pedro', 'Luíza', 'Márcio', 'Raimunda', 'José']
const LAST = ['Silva', 'Araújo', 'Gonçalves', 'Souza', 'Lima', 'Pereira', 'Conceição', 'Brandão']
const TEMPLATES = [
  'Bom dia, tudo bem?',
  'Quero saber da promoção de verão',
  'Preciso da segunda via do boleto',
  'Não recebi o código de rastreio',
  'Qual é o horário de atendimento?',
  'Obrigado pela atenção',
  'O pedido chegou com defeito',
  'Gostaria de cancelar a assinatura',
  'Vocês entregam em São Paulo?',
  'Pode me enviar o orçamento?',
]
const WORDS = [
  'cliente',
  'pedido',
  'entrega',
  'pagamento',
  'cartão',
  'pix',
  'nota',
  'fiscal',
  'troca',
  'devolução',
  'produto',
  'estoque',
  'prazo',
  'frete',
  'endereço',
  'cadastro',
  'senha',
  'acesso',
  'aplicativo',
  'site',
  'loja',
  'atendente',
  'gerente',
  'reclamação',
  'elogio',
  'sugestão',
  'desconto',
  'cupom',
  'parcelamento',
  'juros',
  'contrato',
  'plano',
  'fatura',
  'cobrança',
  'reembolso',
  'garantia',
  'assistência',
  'técnico',
  'visita',
  'agenda',
]
const sqlArray = (list) => `ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`

async function main() {
  const { portOpen } = await import('../database/embedded_postgres.mjs')
  const pg = (await import('pg')).default
  const TICKETS = num('BENCH_TICKETS', 100000)
  const HISTORY = num('BENCH_HISTORY', 0.1)
  const MPT = num('BENCH_MESSAGES_PER_TICKET', 5)
  const NOISE_COMPANIES = num('BENCH_NOISE_COMPANIES', 20)
  const NOISE_TICKETS = num('BENCH_NOISE_TICKETS', 2000)
  const REQUESTS = num('BENCH_REQUESTS', 200)
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null

  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    LOG_LEVEL: 'error',
    WORKERS: 'false',
  }
  env.APP_KEY = process.env.BENCH_APP_KEY || randomBytes(32).toString('base64url')
  env.SUPER_EMAIL = 'bench-super@balcao.test'
  env.SUPER_PASSWORD = 'bench-super-secret'
  env.REDIS_PREFIX = `balcao-bench-lists-${process.pid}`
  env.STORAGE_PATH = join(ROOT, '.data', 'bench-storage')

  const reuse = process.env.BENCH_DB
  const database = await benchDatabase(reuse || `balcao_bench_lists_${process.pid}`, {
    reuse: Boolean(reuse),
    keep: Boolean(process.env.BENCH_KEEP),
  })
  env.DATABASE_URL = database.url
  // Lists never need Redis; without it no other process on a shared Redis can clear this
  // process's in-memory caches (the cache invalidation channel is shared). BENCH_REDIS=1 uses it.
  if (process.env.BENCH_REDIS === '1') {
    if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/6'
  } else delete env.REDIS_URL

  const children = []
  const sql = new pg.Client({ connectionString: env.DATABASE_URL })
  let proxy = null
  let before = null
  const cleanup = async () => {
    for (const c of children) c.kill('SIGTERM')
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)))
    proxy?.server.close()
    await sql.end().catch(() => {})
    await database.drop()
    before?.remove()
  }

  try {
    // the compiled server, as production runs it (migrations are idempotent on a reused database)
    prepareCompiled(env)
    // the API processes' own log (errors only)
    mkdirSync(join(ROOT, '.data'), { recursive: true })
    const serverLog = openSync(join(ROOT, '.data', 'bench-lists-server.log'), 'w')
    const pids = new Map()
    const startServer = async (databaseUrl, profile = false, build = 'build') => {
      const port = await freePort()
      // BENCH_PROFILE=<dir>: a CPU profile of the measured API process
      const prof =
        profile && process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
      const child = spawn(process.execPath, [...prof, join(build, 'core/bin/server.js')], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), DATABASE_URL: databaseUrl },
        stdio: ['ignore', serverLog, serverLog],
      })
      children.push(child)
      const base = `http://127.0.0.1:${port}`
      pids.set(base, child.pid)
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(base + '/health')).ok) break
        } catch {}
        if (i > 300) throw new Error('server did not start')
        await new Promise((r) => setTimeout(r, 200))
      }
      return base
    }
    const [base, countedBase] = await Promise.all([
      startServer(env.DATABASE_URL, true),
      (async () => {
        const u = new URL(env.DATABASE_URL)
        proxy = await countingProxy({ host: u.hostname, port: Number(u.port || 5432) })
        u.hostname = '127.0.0.1'
        u.port = String(proxy.port)
        return startServer(u.toString())
      })(),
    ])
    // BENCH_BEFORE: the other revision's server on the same database
    before = process.env.BENCH_BEFORE ? buildRevision(process.env.BENCH_BEFORE) : null
    const beforeBase = before ? await startServer(env.DATABASE_URL, false, before.dir) : null
    if (before) log(`before: ${process.env.BENCH_BEFORE} (${before.sha.slice(0, 12)}), requests interleaved`)
    const api = async (method, path, { token, body, at = base } = {}) => {
      const res = await fetch(at + path, {
        method,
        headers: {
          'content-type': 'application/json',
          'accept': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      let json = null
      try {
        json = JSON.parse(text)
      } catch {}
      return { status: res.status, json }
    }
    const login = async (email, password) => {
      // the bench signs in more than the five times an address may in five minutes (without Redis
      // the counters live in the database, which is the bench's own)
      await sql.query(`DELETE FROM rate_limits WHERE key LIKE 'login:%'`)
      const r = await api('POST', '/auth/login', { body: { email, password } })
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`)
      return r.json
    }

    await sql.connect()
    // a reused database keeps the sign-in rate limits of the previous runs (without Redis they live here)
    if (reuse) await sql.query('DELETE FROM rate_limits')
    let seedSeconds = null
    if (!reuse) {
      const superLogin = await login(env.SUPER_EMAIL, env.SUPER_PASSWORD)
      const companyRes = await api('POST', '/companies', {
        token: superLogin.token,
        body: {
          name: 'Bench Company',
          email: 'bench-admin@balcao.test',
          planId: 1,
          password: 'bench-admin-1',
          dueDate: '2999-01-01',
        },
      })
      if (companyRes.status >= 300) throw new Error(`company: ${JSON.stringify(companyRes.json)}`)
      const t0 = Date.now()
      await seed(sql, { TICKETS, HISTORY, MPT, NOISE_COMPANIES, NOISE_TICKETS })
      seedSeconds = (Date.now() - t0) / 1000
      // the measured agent: 3 of the 10 queues, through the API (password hashing, user_queues)
      const adminToken = (await login('bench-admin@balcao.test', 'bench-admin-1')).token
      const queues = (
        await sql.query(
          `SELECT id FROM queues WHERE company_id = (SELECT id FROM companies WHERE name = 'Bench Company') AND name LIKE 'Fila %' ORDER BY id`
        )
      ).rows.map((r) => r.id)
      const agentRes = await api('POST', '/users', {
        token: adminToken,
        body: {
          name: 'Agente Medido',
          email: 'bench-agent@balcao.test',
          password: 'bench-agent-1',
          queueIds: queues.slice(0, 3),
        },
      })
      if (agentRes.status >= 300) throw new Error(`agent: ${JSON.stringify(agentRes.json)}`)
      // the measured agent owns a share of the open tickets of its queues, like the seeded agents
      await sql.query(
        `UPDATE tickets SET user_id = $1 WHERE company_id = (SELECT id FROM companies WHERE name = 'Bench Company')
           AND status = 'open' AND queue_id = ANY($2::int[]) AND (id / 7) % 10 = 3`,
        [agentRes.json.id, queues.slice(0, 3)]
      )
      await sql.query('ANALYZE tickets')
    }
    const companyId = (await sql.query(`SELECT id FROM companies WHERE name = 'Bench Company'`)).rows[0].id
    const adminToken = (await login('bench-admin@balcao.test', 'bench-admin-1')).token
    const agentToken = (await login('bench-agent@balcao.test', 'bench-agent-1')).token
    const seeded = (
      await sql.query(
        `SELECT (SELECT count(*) FROM tickets WHERE company_id = $1) AS tickets,
                (SELECT count(*) FROM tickets) AS all_tickets,
                (SELECT count(*) FROM messages) AS messages,
                (SELECT count(*) FROM contacts WHERE company_id = $1) AS contacts,
                (SELECT json_object_agg(status, n) FROM (SELECT status, count(*) n FROM tickets WHERE company_id = $1 GROUP BY 1) s) AS statuses`,
        [companyId]
      )
    ).rows[0]
    // a conversation with history for "messages of a ticket": the newer ticket of a contact with two
    const historyTicket = (
      await sql.query(
        `SELECT t.id FROM tickets t WHERE t.company_id = $1 AND t.is_latest AND t.status = 'open'
           AND EXISTS (SELECT 1 FROM tickets o WHERE o.contact_id = t.contact_id AND o.id < t.id) ORDER BY t.id DESC LIMIT 1`,
        [companyId]
      )
    ).rows[0]?.id
    // a token found in one ticket's messages only (every message ends with '#<ticket id>')
    const rareToken = (
      await sql.query(`SELECT id FROM tickets WHERE company_id = $1 ORDER BY id OFFSET $2 LIMIT 1`, [
        companyId,
        Math.floor(Number(seeded.tickets) / 3),
      ])
    ).rows[0].id
    // seven digits inside one contact's number
    const someDigits = (
      await sql.query(
        `SELECT substr(number, 6, 7) AS d FROM contacts WHERE company_id = $1 ORDER BY id OFFSET $2 LIMIT 1`,
        [companyId, Math.floor(Number(seeded.contacts) / 2)]
      )
    ).rows[0].d

    const calls = [
      // the floor: an authenticated request that reads nothing (HTTP, auth, JSON)
      ['baseline: GET /auth/me', adminToken, '/auth/me'],
      ['tickets pending, show all (admin)', adminToken, '/tickets?status=pending&showAll=true&pageNumber=1'],
      ['tickets open, show all (admin)', adminToken, '/tickets?status=open&showAll=true&pageNumber=1'],
      ['tickets open, own (agent, 3 queues)', agentToken, '/tickets?status=open&pageNumber=1'],
      ['tickets pending (agent, 3 queues)', agentToken, '/tickets?status=pending&pageNumber=1'],
      [
        'search by contact name',
        adminToken,
        `/tickets?status=search&showAll=true&searchParam=${encodeURIComponent('conceicao araujo')}`,
      ],
      ['search by a word in messages', adminToken, '/tickets?status=search&showAll=true&searchParam=reembolso'],
      [
        'search, a rarer word (0.1 % of messages)',
        adminToken,
        '/tickets?status=search&showAll=true&searchParam=termo537',
      ],
      [
        'search, frequent words in messages',
        adminToken,
        `/tickets?status=search&showAll=true&searchParam=${encodeURIComponent('segunda via boleto')}`,
      ],
      ['search, rare token in messages', adminToken, `/tickets?status=search&showAll=true&searchParam=${rareToken}`],
      ['search by a word (agent)', agentToken, '/tickets?status=search&searchParam=reembolso'],
      ['closed view, page 10 (admin)', adminToken, '/tickets?status=closed&showAll=true&pageNumber=10'],
      ['closed view, page 1 (agent)', agentToken, '/tickets?status=closed&pageNumber=1'],
      ['unread notifications (agent)', agentToken, '/tickets?withUnreadMessages=true&pageNumber=1'],
      ['contacts page 1', adminToken, '/contacts?pageNumber=1'],
      [
        'contacts search "Cliente 77"',
        adminToken,
        `/contacts?pageNumber=1&searchParam=${encodeURIComponent('Cliente 77')}`,
      ],
      ['contacts search by number digits', adminToken, `/contacts?pageNumber=1&searchParam=${someDigits}`],
      ['messages of a ticket', adminToken, `/messages/${historyTicket}?pageNumber=1`],
      ['message search endpoint', adminToken, '/messages-search?searchParam=reembolso'],
    ].filter(([label]) => !only || only.test(label))

    const explainFile = process.env.BENCH_EXPLAIN
    const explains = []
    // EXPLAIN plans as the API's connections do (config/database.ts)
    await sql.query('SET jit = off')
    const results = []
    const servers = beforeBase ? [base, beforeBase] : [base]
    const warmup = num('BENCH_WARMUP', 100)
    log(`warming up: ${warmup} rounds of ${calls.length} calls`)
    for (let i = 0; i < warmup; i++) for (const [, token, path] of calls) for (const at of servers) await api('GET', path, { token, at })
    for (const [label, token, path] of calls) {
      for (let i = 0; i < 20; i++) for (const at of servers) await api('GET', path, { token, at })
      const times = []
      const beforeTimes = []
      const cpuAtStart = servers.map((at) => cpuMs(pids.get(at)))
      let last = null
      for (let i = 0; i < REQUESTS; i++) {
        // one request to each server in turn, the order alternating
        for (const at of i % 2 ? [...servers].reverse() : servers) {
          const s = performance.now()
          const r = await api('GET', path, { token, at })
          ;(at === base ? times : beforeTimes).push(performance.now() - s)
          if (at === base) last = r
          else if (r.status !== 200) throw new Error(`${label} (before): ${r.status} ${JSON.stringify(r.json)}`)
        }
      }
      const cpuUs = servers.map((at, k) => {
        const end = cpuMs(pids.get(at))
        return end === null || cpuAtStart[k] === null ? null : Math.round(((end - cpuAtStart[k]) * 1000) / REQUESTS)
      })
      if (last.status !== 200) throw new Error(`${label}: ${last.status} ${JSON.stringify(last.json)}`)
      // statements: the same call (warm) through the counting proxy
      // warm: the fewest of three requests in a row (the caller's session and settings are cached for 10 s)
      let statements = null
      let counted = null
      for (let i = 0; i < 3; i++) {
        proxy.state.statements = []
        const r = await api('GET', path, { token, at: countedBase })
        if (!statements || proxy.state.statements.length < statements.length) {
          statements = proxy.state.statements
          counted = r
        }
      }
      proxy.state.statements = []
      const body = counted.json
      const rows = (body.tickets ?? body.contacts ?? body.messages ?? body.results ?? []).length
      results.push({
        call: label,
        path,
        p50: round(pct(times, 50)),
        p95: round(pct(times, 95)),
        p99: round(pct(times, 99)),
        statements: statements.length,
        statementHeads: statements.map((st) => st.text.replace(/\s+/g, ' ').slice(0, 70)),
        rows,
        count: body.count ?? null,
        hasMore: body.hasMore ?? null,
        cpuUsPerRequest: cpuUs[0],
        ...(beforeBase
          ? {
              before: {
                revision: before.sha,
                p50: round(pct(beforeTimes, 50)),
                p95: round(pct(beforeTimes, 95)),
                p99: round(pct(beforeTimes, 99)),
                cpuUsPerRequest: cpuUs[1],
              },
            }
          : {}),
      })
      log(
        `${label}: p50 ${round(pct(times, 50))} ms, p95 ${round(pct(times, 95))} ms, ${statements.length} statements, ${rows} rows, count ${body.count}`
      )
      if (explainFile) {
        for (const st of statements) {
          if (!/^\s*(select|with)\b/i.test(st.text)) continue
          const plan = await sql.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${st.text}`, values: st.params })
          explains.push({
            call: label,
            path,
            sql: st.text,
            params: st.params,
            plan: plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
          })
        }
      }
    }

    // A company that grew since the tickets' last ANALYZE (an import, a busy first week): absent from the
    // column's statistics, PostgreSQL estimates it at one row. Autovacuum is held off while it is measured,
    // as it is until a tenth of the table has changed. BENCH_GROWN=0 skips it.
    let grown = null
    if (process.env.BENCH_GROWN !== '0') {
      const stamp = Date.now()
      const superToken = (await login(env.SUPER_EMAIL, env.SUPER_PASSWORD)).token
      const email = `bench-grown-${stamp}@balcao.test`
      const made = await api('POST', '/companies', {
        token: superToken,
        body: { name: `Bench Grown ${stamp}`, email, planId: 1, password: 'bench-grown-1', dueDate: '2999-01-01' },
      })
      if (made.status >= 300) throw new Error(`grown company: ${JSON.stringify(made.json)}`)
      const grownId = made.json.id
      const contactsN = Math.max(1000, Math.round(TICKETS / 30))
      await sql.query('ALTER TABLE tickets SET (autovacuum_enabled = false)')
      await sql.query('ALTER TABLE contacts SET (autovacuum_enabled = false)')
      await sql.query('ALTER TABLE messages SET (autovacuum_enabled = false)')
      try {
        // three tickets a contact: two closed, then one pending for one contact in five (closed otherwise)
        await sql.query(
          `WITH c AS (
             INSERT INTO contacts (company_id, name, number)
             SELECT $1, 'Crescida ' || g, '5577' || lpad(g::text, 9, '0') FROM generate_series(1, $2) g RETURNING id)
           INSERT INTO tickets (company_id, uuid, status, contact_id, updated_at)
           SELECT $1, gen_random_uuid(), CASE WHEN k = 3 AND c.id % 5 = 0 THEN 'pending' ELSE 'closed' END, c.id,
                  now() - ((c.id * 3 + k) % 100000 || ' seconds')::interval
             FROM c, generate_series(1, 3) k ORDER BY c.id, k`,
          [grownId, contactsN]
        )
        // one message a ticket, a word in one of fifty: the search's matching rows are the company's
        // messages, unknown to the statistics as well
        await sql.query(
          `INSERT INTO messages (company_id, ticket_id, contact_id, wid, body, from_me, ack, read, created_at, updated_at)
           SELECT $1, t.id, t.contact_id, 'grown-' || t.id,
                  CASE WHEN t.id % 50 = 0 THEN 'preciso de reembolso do pedido' ELSE 'obrigado pelo atendimento' END,
                  false, 0, true, t.updated_at, t.updated_at
             FROM tickets t WHERE t.company_id = $1`,
          [grownId]
        )
        const token = (await login(email, 'bench-grown-1')).token
        const grownCalls = [
          ['closed view, page 1 (admin)', '/tickets?status=closed&showAll=true&pageNumber=1'],
          ['tickets pending, show all (admin)', '/tickets?status=pending&showAll=true&pageNumber=1'],
          ['search by contact name', '/tickets?status=search&showAll=true&searchParam=Crescida%2077'],
          ['search by a word in messages', '/tickets?status=search&showAll=true&searchParam=reembolso'],
          ['message search endpoint', '/messages-search?searchParam=reembolso'],
          ['contacts page 1', '/contacts?pageNumber=1'],
          ['contacts search', '/contacts?pageNumber=1&searchParam=Crescida%2077'],
        ]
        const rounds = num('BENCH_GROWN_REQUESTS', 3)
        grown = { tickets: contactsN * 3, requests: rounds, calls: [] }
        for (const [label, path] of grownCalls) {
          const times = []
          const beforeTimes = []
          for (let i = 0; i < rounds; i++) {
            for (const at of i % 2 ? [...servers].reverse() : servers) {
              const s = performance.now()
              const r = await api('GET', path, { token, at })
              if (r.status !== 200) throw new Error(`grown ${label}: ${r.status} ${JSON.stringify(r.json)}`)
              ;(at === base ? times : beforeTimes).push(round(performance.now() - s))
            }
          }
          grown.calls.push({ call: label, ms: times, ...(beforeBase ? { beforeMs: beforeTimes } : {}) })
          log(`grown company, ${label}: ${times.join(', ')} ms${beforeBase ? ` (before: ${beforeTimes.join(', ')} ms)` : ''}`)
        }
      } finally {
        await sql.query('DELETE FROM tickets WHERE company_id = $1', [grownId])
        await sql.query('DELETE FROM companies WHERE id = $1', [grownId])
        await sql.query('ALTER TABLE tickets RESET (autovacuum_enabled)')
        await sql.query('ALTER TABLE contacts RESET (autovacuum_enabled)')
        await sql.query('ALTER TABLE messages RESET (autovacuum_enabled)')
        await sql.query('VACUUM ANALYZE messages')
        // VACUUM too: without it a kept database keeps the dead rows (the machine may run without autovacuum)
        await sql.query('VACUUM ANALYZE tickets')
        await sql.query('VACUUM ANALYZE contacts')
      }
    }

    // Rows updated since their table's last VACUUM (every message updates its ticket): their old versions
    // stay, and their pages lose the all-visible mark, so index-only walks read the heap as well. Autovacuum
    // runs once a table's dead rows pass its scale factor (20 % of its rows by default; 2 % for tickets and
    // contacts since migration 1700000002700). The calls again with 0, 2 and 20 % of those tables' rows
    // updated (open and pending tickets, any contact), then VACUUM. BENCH_CHURN=0 skips it.
    let churn = null
    if (process.env.BENCH_CHURN !== '0' && calls.length) {
      const rounds = num('BENCH_CHURN_REQUESTS', 50)
      const churnCalls = calls.filter(([label]) => !label.startsWith('baseline'))
      const sizes = (
        await sql.query(`SELECT (SELECT count(*) FROM tickets) AS tickets, (SELECT count(*) FROM contacts) AS contacts`)
      ).rows[0]
      churn = { requests: rounds, levels: [] }
      for (const table of ['tickets', 'contacts']) await sql.query(`ALTER TABLE ${table} SET (autovacuum_enabled = false)`)
      try {
        let updated = 0
        for (const level of [0, 0.02, 0.2]) {
          const share = level - updated
          if (share > 0) {
            await sql.query(
              `UPDATE tickets SET updated_at = updated_at + interval '1 millisecond' WHERE id IN (
                 SELECT id FROM tickets WHERE company_id = $1 AND status <> 'closed' ORDER BY random() LIMIT $2)`,
              [companyId, Math.round(share * Number(sizes.tickets))]
            )
            await sql.query(
              `UPDATE contacts SET updated_at = updated_at + interval '1 millisecond' WHERE id IN (
                 SELECT id FROM contacts WHERE company_id = $1 ORDER BY random() LIMIT $2)`,
              [companyId, Math.round(share * Number(sizes.contacts))]
            )
            updated = level
          }
          const measured = []
          for (const [label, token, path] of churnCalls) {
            for (let i = 0; i < 5; i++) await api('GET', path, { token })
            const times = []
            for (let i = 0; i < rounds; i++) {
              const s = performance.now()
              const r = await api('GET', path, { token })
              if (r.status !== 200) throw new Error(`churn ${label}: ${r.status} ${JSON.stringify(r.json)}`)
              times.push(performance.now() - s)
            }
            measured.push({ call: label, p50: round(pct(times, 50)), p95: round(pct(times, 95)) })
            log(`${level * 100} % updated, ${label}: p50 ${round(pct(times, 50))} ms, p95 ${round(pct(times, 95))} ms`)
          }
          churn.levels.push({ updated: level, calls: measured })
        }
      } finally {
        for (const table of ['tickets', 'contacts']) {
          await sql.query(`ALTER TABLE ${table} RESET (autovacuum_enabled)`)
          await sql.query(`VACUUM ANALYZE ${table}`)
        }
      }
    }

    const result = {
      machine: `${cpus().length} cores, load ${(await import('node:os'))
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
      seeded: {
        tickets: Number(seeded.tickets),
        statuses: seeded.statuses,
        allTickets: Number(seeded.all_tickets),
        messages: Number(seeded.messages),
        contacts: Number(seeded.contacts),
        noiseCompanies: NOISE_COMPANIES,
        seedSeconds: seedSeconds === null ? null : round(seedSeconds),
      },
      requestsPerCall: REQUESTS,
      calls: results,
      grownCompany: grown,
      churn,
    }
    const out = process.env.BENCH_OUT || join(ROOT, '.data', `bench-lists-${result.seeded.tickets}.json`)
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, JSON.stringify(result, null, 2))
    if (explainFile) {
      writeFileSync(
        explainFile,
        explains
          .map(
            (e) =>
              `## ${e.call}\n\`GET ${e.path}\`\n\n\`\`\`sql\n${e.sql}\n\`\`\`\nparams: ${JSON.stringify(e.params)}\n\n\`\`\`\n${e.plan}\n\`\`\`\n`
          )
          .join('\n')
      )
    }
    if (beforeBase) {
      console.log('| call | p50 ms before → after | p95 ms before → after | server CPU µs per request before → after | statements |')
      console.log('|---|---|---|---|---|')
      for (const r of results)
        console.log(
          `| ${r.call} | ${r.before.p50} → ${r.p50} | ${r.before.p95} → ${r.p95} | ${r.before.cpuUsPerRequest ?? '?'} → ${r.cpuUsPerRequest ?? '?'} | ${r.statements} |`
        )
    } else {
      console.log('| call | p50 ms | p95 ms | statements | rows | count |')
      console.log('|---|---|---|---|---|---|')
      for (const r of results)
        console.log(`| ${r.call} | ${r.p50} | ${r.p95} | ${r.statements} | ${r.rows} | ${r.count ?? ''} |`)
    }
    console.log(JSON.stringify(result.seeded))
    log(`written ${out}`)
  } finally {
    await cleanup()
  }
}

/**
 * The issue's shape, set-wise: secondary indexes dropped during the load and
 * built afterwards, foreign-key and flag triggers off for the session (the
 * flags are computed in the INSERT), then VACUUM ANALYZE.
 */
async function seed(sql, o) {
  const pg = (await import('pg')).default
  const tables = ['contacts', 'tickets', 'messages']
  const indexes = (
    await sql.query(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [tables]
    )
  ).rows
  log(`seeding; dropping ${indexes.length} secondary indexes during the load`)
  for (const i of indexes) await sql.query(`DROP INDEX ${i.indexname}`)
  await sql.query(`SET session_replication_role = replica`)
  const bench = (await sql.query(`SELECT id FROM companies WHERE name = 'Bench Company'`)).rows[0].id
  await sql.query(`UPDATE plans SET users = 1000, queues = 1000, connections = 100 WHERE id = 1`)
  await sql.query(
    `INSERT INTO companies (name, email, plan_id, status, due_date)
     SELECT 'Noise ' || g, 'noise' || g || '@x.test', 1, true, '2999-01-01' FROM generate_series(1, $1) g`,
    [o.NOISE_COMPANIES]
  )
  const noise = (await sql.query(`SELECT id FROM companies WHERE name LIKE 'Noise %' ORDER BY id`)).rows.map(
    (r) => r.id
  )

  const tenant = async (cid, n, nQueues, nUsers) => {
    const queues = (
      await sql.query(
        `INSERT INTO queues (company_id, name, color) SELECT $1, 'Fila ' || g, '#0000' || lpad(g::text, 2, '0') FROM generate_series(1, $2) g RETURNING id`,
        [cid, nQueues]
      )
    ).rows.map((r) => r.id)
    const users = nUsers
      ? (
          await sql.query(
            `INSERT INTO users (company_id, name, email, password, profile)
             SELECT $1::int, 'Agente ' || g, 'agent' || g || '-' || $1::text || '@bench.test', 'x', 'user' FROM generate_series(1, $2) g RETURNING id`,
            [cid, nUsers]
          )
        ).rows.map((r) => r.id)
      : []
    if (users.length)
      await sql.query(
        `INSERT INTO user_queues (user_id, queue_id) SELECT u, ($2::int[])[1 + (u % array_length($2::int[], 1))] FROM unnest($1::int[]) u`,
        [users, queues]
      )
    const wid = (
      await sql.query(
        `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default) VALUES ($1, 'API', 'api', 'CONNECTED', $2, true) RETURNING id`,
        [cid, randomBytes(15).toString('hex')]
      )
    ).rows[0].id
    const h = Math.round(n * o.HISTORY)
    const c = n - h
    const c0 = (
      await sql.query(
        `INSERT INTO contacts (company_id, name, number, created_at, updated_at)
         SELECT $1, 'Cliente ' || g || ' ' || (${sqlArray(FIRST)})[1 + g % 8] || ' ' || (${sqlArray(LAST)})[1 + (g / 8) % 8],
                ($2::bigint + g)::text, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
         FROM generate_series(1, $3) g RETURNING id`,
        [cid, 5511900000000 + cid * 10000000, c]
      )
    ).rows.reduce((m, r) => Math.min(m, r.id), Infinity)
    const status = (r) =>
      `CASE WHEN ${r} <= $4 THEN 'closed' WHEN ${r} % 9 < 2 THEN 'open' WHEN ${r} % 9 < 4 THEN 'pending' ELSE 'closed' END`
    await sql.query(
      `INSERT INTO tickets (company_id, uuid, status, channel, contact_id, whatsapp_id, queue_id, user_id, last_message,
                            unread_messages, is_latest, is_latest_closed, created_at, updated_at)
       SELECT $1, gen_random_uuid(), s.status, 'api', $2::int + (CASE WHEN r <= $5 THEN r ELSE r - $5 END) - 1, $3,
              CASE WHEN r % 50 = 7 THEN NULL ELSE ($6::int[])[1 + r % array_length($6::int[], 1)] END,
              CASE WHEN s.status = 'pending' OR $7::int[] = '{}' THEN NULL ELSE ($7::int[])[1 + (r / 7) % greatest(array_length($7::int[], 1), 1)] END,
              'mensagem ' || r, CASE WHEN s.status = 'pending' THEN 1 + r % 3 WHEN s.status = 'open' AND r % 5 = 0 THEN 2 ELSE 0 END,
              r > $4, s.status = 'closed' AND (r > $4 OR s.newer <> 'closed'),
              now() - (($8::int - r) * 2 || ' seconds')::interval,
              now() - (($8::int - r) * 2 || ' seconds')::interval + (((r::bigint * 7919) % 3600) || ' seconds')::interval
       FROM generate_series(1, $8::int) r,
            LATERAL (SELECT ${status('r')} AS status, ${status('(r + $5)')} AS newer) s`,
      [cid, c0, wid, h, c, queues, users, n]
    )
    // messages in slices of tickets, two connections at once
    const [lo, hi] = (await sql.query(`SELECT min(id), max(id) FROM tickets WHERE company_id = $1`, [cid])).rows.map(
      (r) => [r.min, r.max]
    )[0]
    const slice = 100000
    const ranges = []
    for (let a = lo; a <= hi; a += slice) ranges.push([a, Math.min(hi, a + slice - 1)])
    const body = `(${sqlArray(TEMPLATES)})[1 + (t.id * 31 + g * 17) % 10] || ' ' || (${sqlArray(WORDS)})[1 + (t.id * 3 + g * 11) % 40]
                  || ' termo' || ((t.id * 7 + g * 13) % 1000) || ' #' || t.id`
    const worker = async () => {
      const c2 = new pg.Client(connOf(sql))
      await c2.connect()
      await c2.query(`SET session_replication_role = replica`)
      for (let r = ranges.shift(); r; r = ranges.shift()) {
        await c2.query(
          `INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, ack, read, created_at, updated_at)
           SELECT t.company_id, t.id, t.contact_id, t.whatsapp_id, 'seed-' || t.id || '-' || g, ${body},
                  g % 2 = 0, 2, t.unread_messages = 0 OR g < $4, t.updated_at - ((6 - g) || ' minutes')::interval, t.updated_at
           FROM tickets t, generate_series(1, $3::int) g WHERE t.company_id = $1 AND t.id BETWEEN $2 AND $5`,
          [cid, r[0], o.MPT, o.MPT, r[1]]
        )
      }
      await c2.end()
    }
    await Promise.all([worker(), worker()])
  }
  await tenant(bench, o.TICKETS, 10, 20)
  log(`bench company seeded; noise companies…`)
  for (const cid of noise) await tenant(cid, o.NOISE_TICKETS, 1, 0)
  await sql.query(`SET session_replication_role = DEFAULT`)
  await sql.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users))`)
  log(`rows loaded; building ${indexes.length} indexes`)
  const queue = [...indexes].sort(
    (a, b) => (/USING gin/.test(b.indexdef) ? 1 : 0) - (/USING gin/.test(a.indexdef) ? 1 : 0)
  )
  const builder = async () => {
    const c2 = new pg.Client(connOf(sql))
    await c2.connect()
    await c2.query(`SET maintenance_work_mem = '512MB'`)
    for (let i = queue.shift(); i; i = queue.shift()) await c2.query(i.indexdef)
    await c2.end()
  }
  await Promise.all([builder(), builder()])
  log('VACUUM ANALYZE')
  for (const t of tables) await sql.query(`VACUUM ANALYZE ${t}`)
  await sql.query('ANALYZE')
}

function connOf(client) {
  return {
    host: client.host,
    port: client.port,
    user: client.user,
    password: client.password,
    database: client.database,
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
