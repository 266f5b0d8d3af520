/**
 * npm test: every check of the project, on real PostgreSQL and Redis.
 * - DATABASE_URL if set; else the local server on 127.0.0.1:5432 if it answers;
 *   else an embedded PostgreSQL under .data/pg-test. The test database is
 *   recreated for every run.
 * - REDIS_URL if set; else 127.0.0.1:6379 if it answers. Tests of the
 *   PostgreSQL-only path (no Redis) start their own processes without it.
 * Then: module-boundary check, lint, type check, the UI build, the Japa suites (in shards at
 * once, see runJapa).
 */
import { randomBytes } from 'node:crypto'
import { spawn, spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()

/** The browser suites drive Debian's Chromium; install it when missing (CI runs as root). */
function ensureChromium() {
  const { existsSync, readdirSync } = fs
  const browserTests = join(ROOT, 'tests', 'browser')
  if (!existsSync(browserTests) || !readdirSync(browserTests).length || existsSync('/usr/bin/chromium')) return
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    console.log('» /usr/bin/chromium is missing: install the chromium package to run the browser suite')
    return
  }
  console.log('» installing chromium (apt-get)…')
  spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit' })
  spawnSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
}

async function main() {
  const started = Date.now()
  const { portOpen, startEmbeddedPostgres } = await import('../database/embedded_postgres.mjs')
  const pg = await import('pg')
  // each run has its own port, database and Redis prefix, so runs never collide
  const env = { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: process.env.TEST_PORT || String(await freePort()) }
  env.REDIS_PREFIX = `balcao-test-${process.pid}`
  env.APP_KEY = env.APP_KEY || randomBytes(32).toString('base64url')
  env.SUPER_EMAIL = 'super@balcao.test'
  env.SUPER_PASSWORD = 'super-secret-1'
  env.LOG_LEVEL = env.LOG_LEVEL || 'silent'
  env.STORAGE_PATH = join(ROOT, '.data', 'test-storage')
  // the shards and the processes tests start share one server (100 connections by default): an
  // idle connection goes back after 2 s instead of 30 (a run's peak: 90 connections with 30 s, 84
  // with 2 s; the rest is tests that start API and worker processes)
  env.DB_POOL_IDLE_MS ??= '2000'

  let embedded = null
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl && (await portOpen(5432))) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dir: join(ROOT, '.data', 'pg-test'), port: 54330, database: 'postgres' })
    adminUrl = embedded.url
  }
  env.TEST_ADMIN_DATABASE_URL = adminUrl
  const databases = []
  /** a fresh database of this run (one per Japa shard) */
  const freshDatabase = async (name) => {
    const admin = new pg.default.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    databases.push(name)
    const u = new URL(adminUrl)
    u.pathname = `/${name}`
    return u.toString()
  }
  env.DATABASE_URL = await freshDatabase(`balcao_test_${process.pid}`)

  if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/5'
  console.log(`» database ${embedded ? 'embedded' : 'local'}; redis ${env.REDIS_URL ? 'on' : 'off'}`)

  ensureChromium()
  const node = process.execPath
  const steps = [
    ['module boundaries', [node, 'scripts/check-boundaries.mjs']],
    ['lint', [node, 'node_modules/eslint/bin/eslint.js', '.']],
    ['types', [node, 'node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['browser types', [node, 'node_modules/typescript/bin/tsc', '--noEmit', '-p', 'shell/tsconfig.json']],
    ['ui build', [node, 'scripts/build-ui.mjs', '--if-needed']],
    [
      'storybook',
      [node, 'node_modules/storybook/dist/bin/dispatcher.js', 'build', '-c', 'shell/.storybook', '-o', '.data/storybook-static', '--quiet'],
    ],
    ['japa', null],
  ]
  const only = process.env.TEST_ONLY
  let failed = 0
  let japaOutput = ''
  let japaShards = 0
  for (const [name, cmd] of steps) {
    if (only && name !== only) continue
    console.log(`\n» ${name}`)
    const stepStarted = Date.now()
    let status
    if (name === 'japa') {
      const runs = await runJapa(node, env, freshDatabase)
      japaShards = runs.length
      japaOutput = runs.map((r) => r.stdout).join('\n')
      status = runs.every((r) => r.status === 0) ? 0 : 1
    } else {
      status = spawnSync(cmd[0], cmd.slice(1), { cwd: ROOT, env, stdio: 'inherit' }).status
    }
    // each step's time, so a slower run shows where it went
    console.log(`» ${name}: ${Math.round((Date.now() - stepStarted) / 1000)} s`)
    if (status !== 0) {
      failed++
      console.error(`✖ ${name} failed`)
      if (name !== 'japa') break
    }
  }
  const cleanup = new pg.default.Client({ connectionString: adminUrl })
  await cleanup.connect()
  for (const name of databases) await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
  await cleanup.end()
  if (env.REDIS_URL) await dropRedisKeys(env.REDIS_URL, env.REDIS_PREFIX).catch(() => {})
  if (embedded) await embedded.stop().catch(() => {})

  const plain = japaOutput.replace(/\x1b\[[0-9;]*m/g, '')
  // one summary per shard
  const summaries = [...plain.matchAll(/Tests\s+(.*)\(\d+\)/g)].map((m) => m[1])
  const count = (word) => summaries.reduce((n, s) => n + Number(new RegExp(`(\\d+) ${word}`).exec(s)?.[1] ?? 0), 0)
  const passed = count('passed')
  const testsFailed = count('failed')
  // the runner's exit code is not trusted alone: a failed test, or a shard without its summary, fails the run
  const ranJapa = !only || only === 'japa'
  if (ranJapa && !failed && (testsFailed > 0 || summaries.length < japaShards)) failed++
  const failures = failedTests(plain)
  if (failures.length) console.log(`\nfailed tests:\n${failures.join('\n')}`)
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(`${passed} passed, ${testsFailed + (failed && !testsFailed ? 1 : 0)} failed`)
  process.exit(failed ? 1 : 0)
}

/**
 * The Japa suites. Asked for by name or file (arguments), one process runs them. Else they run in
 * shards at once (planShards), each with its own database, port, Redis prefix and storage. A test
 * spends much of its time waiting (on pages, timers, child processes), so even on two cores the
 * shards overlap their waits. Each shard's output is printed whole when all are done.
 */
async function runJapa(node, env, freshDatabase) {
  const argv = process.argv.slice(2)
  const shards = argv.length ? [{ name: 'japa', args: argv }] : planShards()
  const started = Date.now()
  return Promise.all(
    shards.map(async (shard, i) => {
      const own = i === 0 ? { ...env } : {
        ...env,
        DATABASE_URL: await freshDatabase(`balcao_test_${process.pid}_${i}`),
        PORT: String(await freePort()),
        REDIS_PREFIX: `${env.REDIS_PREFIX}-${i}`,
        STORAGE_PATH: `${env.STORAGE_PATH}-${i}`,
      }
      // names the shard's connections in pg_stat_activity (node-postgres reads PGAPPNAME)
      own.PGAPPNAME = `balcao-test-${i}`
      const child = spawn(node, ['--import=@poppinss/ts-exec', 'core/bin/test.ts', ...shard.args], {
        cwd: ROOT,
        env: own,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const out = []
      const err = []
      child.stdout.on('data', (d) => out.push(d))
      child.stderr.on('data', (d) => err.push(d))
      const status = await new Promise((done) => child.on('close', (code) => done(code ?? 1)))
      return { ...shard, status, seconds: Math.round((Date.now() - started) / 1000), out, err }
    })
  ).then((runs) =>
    runs.map((r) => {
      const stdout = Buffer.concat(r.out).toString()
      if (runs.length > 1) console.log(`\n» japa shard ${r.name}: ${r.seconds} s`)
      process.stdout.write(stdout)
      // the runner prints failures on stderr; written after the list so a log's tail holds them
      process.stdout.write(Buffer.concat(r.err).toString())
      return { status: r.status, stdout }
    })
  )
}

/** The run's keys (its prefix and the shards' `<prefix>-<n>`), as its databases are dropped. */
async function dropRedisKeys(url, prefix) {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    // never a bare `${prefix}*`: the run of pid 51 would take the keys of pid 512's
    for (const match of [`${prefix}:*`, `${prefix}-*`]) {
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000)
        if (keys.length) await redis.unlink(...keys)
        cursor = next
      } while (cursor !== '0')
    }
  } finally {
    redis.disconnect()
  }
}

/**
 * The shards: the unit and functional suites' files dealt over TEST_FUNCTIONAL_SHARDS, the
 * browser suite's over TEST_BROWSER_SHARDS (2 each by default: on 2 cores, 4 shards took 734 s,
 * 3 took 927 s, one process 1,599 s), by size (a rough measure of their time).
 */
function planShards() {
  const globs = suiteGlobs()
  const plan = [
    { suites: ['unit', 'functional'], count: Number(process.env.TEST_FUNCTIONAL_SHARDS ?? 2) },
    { suites: ['browser'], count: Number(process.env.TEST_BROWSER_SHARDS ?? 2) },
  ]
  const unplanned = Object.keys(globs).filter((name) => !plan.some((p) => p.suites.includes(name)))
  if (unplanned.length) throw new Error(`scripts/test.mjs: no shard runs the suite(s) ${unplanned.join(', ')}`)
  return plan.flatMap(({ suites, count }) => {
    const name = suites.join(' and ')
    if (!(count > 1)) return [{ name, args: suites }]
    const files = fs
      .globSync(
        suites.flatMap((suite) => globs[suite]),
        { cwd: ROOT }
      )
      .map((f) => ({ f, size: fs.statSync(join(ROOT, f)).size }))
      .sort((a, b) => b.size - a.size || a.f.localeCompare(b.f))
    const groups = Array.from({ length: count }, () => ({ size: 0, files: [] }))
    for (const file of files) {
      const lightest = groups.reduce((a, b) => (b.size < a.size ? b : a))
      lightest.files.push(file.f)
      lightest.size += file.size
    }
    return groups
      .filter((g) => g.files.length)
      .map((g, i) => ({ name: `${name} ${i + 1}`, args: [...suites, ...g.files.map((f) => `--files=${f}`)] }))
  })
}

/**
 * Each suite's file globs, read from adonisrc.ts (the one place they are written), so that a shard
 * given files by name never leaves out a file the suite would run.
 */
function suiteGlobs() {
  const rc = fs.readFileSync(join(ROOT, 'adonisrc.ts'), 'utf8')
  const globs = {}
  for (const m of rc.matchAll(/files:\s*\[([^\]]*)\],\s*name:\s*'([^']+)'/g)) {
    globs[m[2]] = [...m[1].matchAll(/'([^']+)'/g)].map((g) => g[1])
  }
  for (const suite of ['unit', 'functional', 'browser']) {
    if (!globs[suite]?.length) throw new Error(`scripts/test.mjs: the ${suite} suite's files are not found in adonisrc.ts`)
  }
  return globs
}

/** The failed tests' titles, each under its file's heading, from the spec reporter's list. */
function failedTests(plain) {
  const out = []
  let heading = ''
  for (const line of plain.split('\n')) {
    if (/\.spec\.ts\)\s*$/.test(line)) heading = line.trim()
    else if (line.includes('✖')) out.push(`${heading} › ${line.trim()}`)
  }
  return out
}
