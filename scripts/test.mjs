/**
 * npm test: every check of the project, on real PostgreSQL and Redis.
 * - DATABASE_URL if set; else the local server on 127.0.0.1:5432 if it answers;
 *   else an embedded PostgreSQL under .data/pg-test. The test database is
 *   recreated for every run.
 * - REDIS_URL if set; else 127.0.0.1:6379 if it answers. Tests of the
 *   PostgreSQL-only path (no Redis) start their own processes without it.
 * Then: module-boundary check, lint, type check, the UI build, the Japa suites.
 */
import { randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
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

  let embedded = null
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl && (await portOpen(5432))) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dir: join(ROOT, '.data', 'pg-test'), port: 54330, database: 'postgres' })
    adminUrl = embedded.url
  }
  const dbName = `balcao_test_${process.pid}`
  const admin = new pg.default.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const u = new URL(adminUrl)
  u.pathname = `/${dbName}`
  env.DATABASE_URL = u.toString()
  env.TEST_ADMIN_DATABASE_URL = adminUrl

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
    ['japa', [node, '--import=@poppinss/ts-exec', 'core/bin/test.ts', ...process.argv.slice(2)]],
  ]
  const only = process.env.TEST_ONLY
  let failed = 0
  let japaOutput = ''
  for (const [name, cmd] of steps) {
    if (only && name !== only) continue
    console.log(`\n» ${name}`)
    const stepStarted = Date.now()
    const r = spawnSync(cmd[0], cmd.slice(1), {
      cwd: ROOT,
      env,
      stdio: name === 'japa' ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      maxBuffer: 64 * 1024 * 1024,
    })
    if (name === 'japa') {
      japaOutput = r.stdout?.toString() ?? ''
      process.stdout.write(japaOutput)
      // the runner prints failures on stderr; written after the list so a log's tail holds them
      process.stdout.write(r.stderr?.toString() ?? '')
    }
    // each step's time, so a slower run shows where it went
    console.log(`» ${name}: ${Math.round((Date.now() - stepStarted) / 1000)} s`)
    if (r.status !== 0) {
      failed++
      console.error(`✖ ${name} failed`)
      if (name !== 'japa') break
    }
  }
  const cleanup = new pg.default.Client({ connectionString: adminUrl })
  await cleanup.connect()
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {})
  await cleanup.end()
  if (embedded) await embedded.stop().catch(() => {})

  const plain = japaOutput.replace(/\x1b\[[0-9;]*m/g, '')
  const summary = /Tests\s+(.*)\(\d+\)/.exec(plain)?.[1] ?? ''
  const passed = Number(/(\d+) passed/.exec(summary)?.[1] ?? 0)
  const testsFailed = Number(/(\d+) failed/.exec(summary)?.[1] ?? 0)
  // the runner's exit code is not trusted alone: a failed test, or no summary at all, fails the run
  const ranJapa = !only || only === 'japa'
  if (ranJapa && !failed && (testsFailed > 0 || !summary)) failed++
  const failures = failedTests(plain)
  if (failures.length) console.log(`\nfailed tests:\n${failures.join('\n')}`)
  console.log(`\n(${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(`${passed} passed, ${testsFailed + (failed && !testsFailed ? 1 : 0)} failed`)
  process.exit(failed ? 1 : 0)
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
