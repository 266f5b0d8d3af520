/**
 * Export benchmark: the contacts sheet of a large address book, written by the
 * export job (#core/file_exports) in the compiled API process that also runs the
 * workers (as `npm start` does). Reports the time to the file, its size, the
 * process's peak RSS above idle, and how a signed-in request (GET /auth/me)
 * answers while the export runs.
 *   node_modules/.bin/node scripts/bench-export.mjs
 * BENCH_EXPORT=report measures the dashboard's calls report instead (one closed ticket and one
 * session per contact, over the last 30 days), as xlsx and as CSV (BENCH_BEFORE does not apply).
 * Env: BENCH_CONTACTS (default 200000; a fifth of them tagged), BENCH_BEFORE=<git revision>
 * runs that revision's server too, on the same database, one after the other, with its own
 * export call (GET /contacts/export before the job existed). DATABASE_URL / 127.0.0.1:5432 /
 * embedded PostgreSQL as npm test.
 */
import { randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import {
  accessToken,
  benchDatabase,
  benchProcessEnv,
  buildRevision,
  pct,
  prepareCompiled,
  sleep,
  waitHealthy,
} from './bench_lib.mjs'

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200000)
const REPORT = process.env.BENCH_EXPORT === 'report'
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d

/** One server (a build folder), one export through `run`, sampled all along. */
async function measure(env, build, token, run) {
  const port = await freePort()
  const child = spawn(process.execPath, [join(build, 'core/bin/server.js')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), WORKERS: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitHealthy(base, child)
    await sleep(2000)
    const idle = rssMb(child.pid)
    let peak = idle
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid))), 50)
    // a signed-in request every 20 ms while the export runs: does the process still answer?
    const latencies = []
    let exporting = true
    const prober = (async () => {
      while (exporting) {
        const t = performance.now()
        await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer())
        latencies.push(performance.now() - t)
        await sleep(20)
      }
    })()
    const t0 = performance.now()
    const bytes = await run(base)
    const seconds = (performance.now() - t0) / 1000
    exporting = false
    await prober
    clearInterval(sampler)
    return {
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(CONTACTS / seconds),
      fileMb: round(bytes / 1024 / 1024, 2),
      rssIdleMb: Math.round(idle),
      rssPeakAboveIdleMb: Math.round(peak - idle),
      authMeWhileExportingMs: { p50: round(pct(latencies, 50)), p99: round(pct(latencies, 99)), n: latencies.length },
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()))
  }
}

async function main() {
  const env = await benchProcessEnv('export', { needsRedis: false })
  const database = await benchDatabase(`balcao_bench_export_${process.pid}`)
  env.DATABASE_URL = database.url
  let before = null
  try {
    prepareCompiled(env)
    const pg = (await import('pg')).default
    const sql = new pg.Client({ connectionString: env.DATABASE_URL })
    await sql.connect()
    const companyId = (
      await sql.query(
        `INSERT INTO companies (name, email, plan_id, status, due_date) VALUES ('Bench Export', 'export@bench.test', 1, true, '2999-01-01') RETURNING id`
      )
    ).rows[0].id
    const userId = (
      await sql.query(
        `INSERT INTO users (company_id, name, email, password, profile) VALUES ($1, 'Admin', 'admin@export.test', 'x', 'admin') RETURNING id`,
        [companyId]
      )
    ).rows[0].id
    const sid = randomUUID()
    await sql.query(`INSERT INTO user_sessions (id, user_id, company_id) VALUES ($1, $2, $3)`, [sid, userId, companyId])
    await sql.query(
      `INSERT INTO contacts (company_id, name, number, email)
       SELECT $1, 'Cliente ' || g, (5511900000000 + g)::text, 'cliente' || g || '@exemplo.com' FROM generate_series(1, $2) g`,
      [companyId, CONTACTS]
    )
    const tags = (
      await sql.query(
        `INSERT INTO tags (company_id, name, color) SELECT $1, 'Tag ' || g, '#336699' FROM generate_series(1, 5) g RETURNING id`,
        [companyId]
      )
    ).rows.map((r) => r.id)
    await sql.query(
      `INSERT INTO contact_tags (contact_id, tag_id)
       SELECT c.id, ($2::int[])[1 + c.id % 5] FROM contacts c WHERE c.company_id = $1 AND c.id % 5 = 0`,
      [companyId, tags]
    )
    await sql.query('VACUUM ANALYZE contacts')
    await sql.end()
    const token = accessToken(env.APP_KEY, { sid, uid: userId, cid: companyId })
    const headers = { 'authorization': `Bearer ${token}`, 'content-type': 'application/json' }

    /** POST `path` with `body`, follow the job, download its file: the file's size */
    const exported = async (base, path, body) => {
      const started = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      if (started.status !== 202) throw new Error(`POST ${path} ${started.status}`)
      const { exportId } = await started.json()
      for (;;) {
        const state = await (await fetch(`${base}${path}/${exportId}`, { headers })).json()
        if (state.status === 'failed') throw new Error(`export failed: ${state.error}`)
        if (state.status === 'done') break
        await sleep(100)
      }
      const file = await fetch(`${base}${path}/${exportId}/file`, { headers })
      return (await file.arrayBuffer()).byteLength
    }

    if (REPORT) {
      // wide enough for every session whatever the company's zone
      const day = (ms) => new Date(ms).toISOString().slice(0, 10)
      const range = {
        table: 'calls',
        date_from: day(Date.now() - 40 * 86400_000),
        date_to: day(Date.now() + 86400_000),
      }
      const result = { sessions: await seedReport(env, companyId, userId) }
      for (const format of ['xlsx', 'csv'])
        result[format] = await measure(env, 'build', token, (base) =>
          exported(base, '/dashboard/exports', { ...range, format })
        )
      console.log(JSON.stringify(result, null, 2))
      return
    }

    const result = { contacts: CONTACTS }
    result.job = await measure(env, 'build', token, (base) => exported(base, '/contacts/exports', {}))
    if (process.env.BENCH_BEFORE) {
      before = buildRevision(process.env.BENCH_BEFORE)
      result.before = { revision: before.sha.slice(0, 12) }
      Object.assign(
        result.before,
        await measure(env, before.dir, token, async (base) => {
          const file = await fetch(`${base}/contacts/export`, { headers })
          if (file.status !== 200) throw new Error(`GET /contacts/export ${file.status}`)
          return (await file.arrayBuffer()).byteLength
        })
      )
    }
    console.log(JSON.stringify(result, null, 2))
  } finally {
    await database.drop()
    before?.remove()
  }
}

/** One closed ticket per contact, and its session in the dashboard's tracking, queued this month. */
async function seedReport(env, companyId, userId) {
  const pg = (await import('pg')).default
  const sql = new pg.Client({ connectionString: env.DATABASE_URL })
  await sql.connect()
  try {
    const whatsappId = (
      await sql.query(
        `INSERT INTO whatsapps (company_id, name, channel, status, token) VALUES ($1, 'API', 'api', 'CONNECTED', $2) RETURNING id`,
        [companyId, randomUUID()]
      )
    ).rows[0].id
    const queueId = (
      await sql.query(`INSERT INTO queues (company_id, name, color) VALUES ($1, 'Vendas', '#336699') RETURNING id`, [
        companyId,
      ])
    ).rows[0].id
    // the flags are set here: the per-row flag triggers are off for this load (as bench-lists.mjs does)
    await sql.query('SET session_replication_role = replica')
    await sql.query(
      `INSERT INTO tickets (company_id, uuid, status, channel, contact_id, whatsapp_id, queue_id, user_id, is_latest, is_latest_closed)
       SELECT $1, gen_random_uuid(), 'closed', 'api', c.id, $2, $3, $4, true, true FROM contacts c WHERE c.company_id = $1`,
      [companyId, whatsappId, queueId, userId]
    )
    // spread over the last 30 days, so the pages' cursor walks many instants
    const { rowCount } = await sql.query(
      `INSERT INTO dashboard_ticket_sessions (company_id, ticket_id, user_id, queue_id, whatsapp_id, queued_at, started_at, closed_at, finished_at, rate)
       SELECT $1, t.id, $4, $3, $2, q, q + interval '5 minutes', q + interval '25 minutes', q + interval '25 minutes', (t.id % 11)::smallint
       FROM tickets t, LATERAL (SELECT now() - interval '30 days' * ((t.id * 7919) % 100003) / 100003.0 AS q) x
       WHERE t.company_id = $1`,
      [companyId, whatsappId, queueId, userId]
    )
    await sql.query('SET session_replication_role = DEFAULT')
    await sql.query('VACUUM ANALYZE tickets, dashboard_ticket_sessions')
    return rowCount
  } finally {
    await sql.end()
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
