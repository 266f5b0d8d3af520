/**
 * Start-up benchmark: how long the API process takes from spawn to its first
 * answer, and its resident memory once idle, compiled (build/, what npm start
 * runs) and through the TypeScript loader (npm run dev).
 *   node_modules/.bin/node scripts/bench-start.mjs
 * BENCH_RUNS (default 3) starts per mode; prints a JSON summary (medians).
 * Uses DATABASE_URL / 127.0.0.1:5432 / embedded PostgreSQL like npm test.
 */
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { benchDatabase, prepareCompiled } from './bench_lib.mjs'

const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

async function startOnce(entry, env) {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(process.execPath, entry, { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: 'ignore' })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry.join(' ')} exited`)
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)
      if (ok) break
      await new Promise((r) => setTimeout(r, 25))
    }
    const ready = performance.now() - t0
    await new Promise((r) => setTimeout(r, 5000)) // idle
    return { ready, rss: rssMb(child.pid) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

async function main() {
  const runs = Number(process.env.BENCH_RUNS ?? 3)
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '3333', // each start gets a free port; the console commands only need one set
    LOG_LEVEL: 'error',
    APP_KEY: randomBytes(32).toString('base64url'),
    SUPER_PASSWORD: 'bench-super-secret',
  }
  const database = await benchDatabase(`balcao_bench_start_${process.pid}`)
  env.DATABASE_URL = database.url
  try {
    prepareCompiled(env)
    const modes = {
      compiled: ['build/core/bin/server.js'],
      loader: ['--import=@poppinss/ts-exec', 'core/bin/server.ts'],
    }
    const summary = {}
    for (const [name, entry] of Object.entries(modes)) {
      const results = []
      for (let i = 0; i < runs; i++) results.push(await startOnce(entry, env))
      summary[name] = {
        readyMs: Math.round(median(results.map((r) => r.ready))),
        idleRssMb: Math.round(median(results.map((r) => r.rss))),
      }
    }
    console.log(JSON.stringify({ runs, ...summary }, null, 2))
  } finally {
    await database.drop()
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
