/**
 * npm run bench: speed and memory figures, runnable by anyone. Prepares a
 * fresh database (like npm test), starts one API process and runs every
 * scenario (tests/bench/NAME.bench.mjs and modules/MODULE/bench/NAME.bench.mjs) against
 * it over real HTTP. Each scenario exports `name` and `run(ctx)` and returns
 * rows for the report. Usage: npm run bench [-- filter]
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ROOT, ensureDependencies, reexecWithNode24 } from './lib.mjs'

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()

function scenarioFiles() {
  const out = []
  const add = (dir) => {
    if (!existsSync(dir)) return
    for (const f of readdirSync(dir).sort()) if (f.endsWith('.bench.mjs')) out.push(join(dir, f))
  }
  add(join(ROOT, 'tests', 'bench'))
  const modules = join(ROOT, 'modules')
  if (existsSync(modules)) for (const m of readdirSync(modules).sort()) add(join(modules, m, 'bench'))
  return out
}

/** Runs `total` requests with `concurrency` workers; returns latency percentiles and throughput. */
export async function load(total, concurrency, request) {
  const times = []
  let next = 0
  let errors = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++
        const t = performance.now()
        try {
          const r = await request(i)
          if (!r.ok) errors++
          await r.arrayBuffer()
        } catch {
          errors++
        }
        times.push(performance.now() - t)
      }
    })
  )
  const seconds = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1)
  return { requests: total, rps: Math.round(total / seconds), p50: p(0.5), p95: p(0.95), p99: p(0.99), errors }
}

async function main() {
  const filter = process.argv[2]
  const { portOpen, startEmbeddedPostgres } = await import('../database/embedded_postgres.mjs')
  const pg = (await import('pg')).default
  let embedded = null
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl && (await portOpen(5432))) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dir: join(ROOT, '.data', 'pg-bench'), port: 54331, database: 'postgres' })
    adminUrl = embedded.url
  }
  const dbName = `balcao_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  const u = new URL(adminUrl)
  u.pathname = `/${dbName}`
  const port = 3500 + (process.pid % 400)
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_KEY: randomBytes(32).toString('base64url'),
    DATABASE_URL: u.toString(),
    SUPER_EMAIL: 'super@balcao.bench',
    SUPER_PASSWORD: 'bench-super-1',
    LOG_LEVEL: 'error',
    WORKERS: 'true',
    REDIS_PREFIX: `balcao-bench-${process.pid}`,
    STORAGE_PATH: join(ROOT, '.data', 'bench-storage'),
  }
  if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/6'
  for (const args of [['migration:run', '--force'], ['db:seed']]) {
    const r = spawnSync(process.execPath, ['ace.js', ...args], { cwd: ROOT, env, stdio: 'ignore' })
    if (r.status !== 0) throw new Error(`ace ${args[0]} failed`)
  }
  const server = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'core/bin/server.ts'], { cwd: ROOT, env, stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/health`, { headers: { accept: 'application/json' } })).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  const rss = () => {
    const r = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)])
    return Math.round(Number(r.stdout.toString().trim()) / 1024)
  }
  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  const api = (path, init = {}) =>
    fetch(url + path, { ...init, headers: { 'accept': 'application/json', 'content-type': 'application/json', ...(init.headers ?? {}) } })
  const login = async (email, password) => (await (await api('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })).json()).token

  const rows = []
  try {
    for (const file of scenarioFiles()) {
      const scenario = await import(pathToFileURL(file).href)
      if (filter && !scenario.name.includes(filter)) continue
      console.log(`» ${scenario.name}`)
      const result = await scenario.run({ url, api, db, load, login, env, rss })
      for (const row of result) rows.push({ scenario: scenario.name, ...row, rssMB: rss() })
    }
  } finally {
    await db.end()
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
    await admin.end()
    if (embedded) await embedded.stop()
  }
  console.table(rows)
}
