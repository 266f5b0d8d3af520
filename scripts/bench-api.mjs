/**
 * The API scenarios: speed and memory figures of core and module calls. Prepares
 * a fresh database, starts one compiled API process and runs every scenario
 * (tests/bench/NAME.bench.mjs and modules/MODULE/bench/NAME.bench.mjs) against it
 * over real HTTP. Each scenario exports `name` and `run(ctx)` and returns rows for
 * the report. Usage: node_modules/.bin/node scripts/bench-api.mjs [filter]
 * Prints a table on stderr and the rows as JSON on stdout (read by scripts/bench.mjs).
 */
import { existsSync, readdirSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ROOT, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { benchDatabase, benchProcessEnv, prepareCompiled, waitHealthy } from './bench_lib.mjs'

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
  const p = (q) => Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1))
  return { requests: total, rps: Math.round(total / seconds), p50: p(0.5), p95: p(0.95), p99: p(0.99), errors }
}

async function main() {
  const filter = process.argv[2]
  const pg = (await import('pg')).default
  const env = await benchProcessEnv('api', { needsRedis: false })
  env.SUPER_EMAIL = 'super@balcao.bench'
  env.WORKERS = 'true'
  env.STORAGE_PATH = join(ROOT, '.data', 'bench-storage')
  const database = await benchDatabase(`balcao_bench_${process.pid}`)
  env.DATABASE_URL = database.url
  let server = null
  let db = null
  const rows = []
  try {
    prepareCompiled(env)
    server = spawn(process.execPath, ['build/core/bin/server.js'], { cwd: ROOT, env, stdio: 'ignore' })
    const url = `http://127.0.0.1:${env.PORT}`
    await waitHealthy(url, server)
    const rss = () => {
      const r = spawnSync('ps', ['-o', 'rss=', '-p', String(server.pid)])
      return Math.round(Number(r.stdout.toString().trim()) / 1024)
    }
    db = new pg.Client({ connectionString: env.DATABASE_URL })
    await db.connect()
    const api = (path, init = {}) =>
      fetch(url + path, { ...init, headers: { 'accept': 'application/json', 'content-type': 'application/json', ...(init.headers ?? {}) } })
    const login = async (email, password) =>
      (await (await api('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })).json()).token
    for (const file of scenarioFiles()) {
      const scenario = await import(pathToFileURL(file).href)
      if (filter && !scenario.name.includes(filter)) continue
      console.error(`» ${scenario.name}`)
      const result = await scenario.run({ url, api, db, load, login, env, rss })
      for (const row of result) rows.push({ scenario: scenario.name, ...row, rssMB: rss() })
    }
  } finally {
    await db?.end()
    if (server) {
      server.kill('SIGTERM')
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
    }
    await database.drop()
  }
  console.error(rows)
  console.log(JSON.stringify({ rows }, null, 2))
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
