/**
 * What the benchmark scripts share: a throw-away database (the local
 * PostgreSQL or an embedded one), the compiled server prepared on it, and
 * percentiles.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { join } from 'node:path'
import { ROOT } from './lib.mjs'

export function pct(values, p) {
  if (!values.length) return 0
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]
}

/**
 * The environment of a benchmark's compiled API and worker processes: production
 * mode on port 3333, a fresh APP_KEY, and a Redis prefix of the run's own (nothing
 * of another run's or a test's jobs is touched). Throws when no Redis answers, unless
 * `needsRedis` is false.
 */
export async function benchProcessEnv(label, { needsRedis = true } = {}) {
  const { portOpen } = await import('../database/embedded_postgres.mjs')
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '3333',
    LOG_LEVEL: 'error',
    APP_KEY: randomBytes(32).toString('base64url'),
    SUPER_PASSWORD: 'bench-super-secret',
    REDIS_PREFIX: `balcao-bench-${label}-${process.pid}`,
  }
  if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/6'
  if (needsRedis && !env.REDIS_URL) throw new Error(`the ${label} benchmark needs Redis`)
  return env
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Creates database `name` on DATABASE_URL's server, the PostgreSQL on
 * 127.0.0.1:5432, or an embedded one; `drop()` removes it (and stops the embedded server).
 * With `reuse` the database exists already and is kept; with `keep` it is kept after the run.
 */
export async function benchDatabase(name, { reuse = false, keep = false } = {}) {
  const { portOpen, startEmbeddedPostgres } = await import('../database/embedded_postgres.mjs')
  const pg = (await import('pg')).default
  let embedded = null
  let adminUrl = process.env.DATABASE_URL
  if (!adminUrl && (await portOpen(5432))) adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dir: join(ROOT, '.data', 'pg-bench'), port: 54331, database: 'postgres' })
    adminUrl = embedded.url
  }
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    adminUrl,
    async drop() {
      if (reuse || keep) console.log(`kept database ${url}`)
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await admin.end()
      if (embedded) await embedded.stop().catch(() => {})
    },
  }
}

/** Compiles the server if needed, then migrates and seeds the database of `env` with it. */
export function prepareCompiled(env) {
  if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: ROOT, env, stdio: 'inherit' }).status)
    throw new Error('server build failed')
  for (const args of [['migration:run', '--force'], ['db:seed']]) {
    if (spawnSync(process.execPath, ['build/core/bin/console.js', ...args], { cwd: ROOT, env, stdio: 'ignore' }).status)
      throw new Error(`ace ${args[0]} failed`)
  }
}

/**
 * The compiled server of another git revision, for side-by-side runs: a
 * worktree under .data/bench-ab/ (its packages resolve to this repository's
 * node_modules), built there. Returns the build folder and `remove()`.
 */
export function buildRevision(rev) {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' })
  const sha = git('rev-parse', '--verify', `${rev}^{commit}`).stdout.trim()
  if (!sha) throw new Error(`unknown revision ${rev}`)
  const dir = join(ROOT, '.data', 'bench-ab', sha.slice(0, 12))
  if (!existsSync(dir) && git('worktree', 'add', '--detach', dir, sha).status) throw new Error(`git worktree add ${rev} failed`)
  if (spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: dir, stdio: 'inherit' }).status)
    throw new Error(`building ${rev} failed`)
  return { dir: join(dir, 'build'), sha, remove: () => git('worktree', 'remove', '--force', dir) }
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is missing. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux)
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** An access token in the server's format (core/app/services/auth_tokens.ts), for sessions a benchmark inserts itself. */
export function accessToken(appKey, claims) {
  const key = createHash('sha256').update('balcao:access-token:').update(appKey).digest()
  const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')
  return `v1.${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`
}

/** Waits until GET /health answers 200. */
export async function waitHealthy(base, child) {
  for (let i = 0; ; i++) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error('server exited')
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return
    if (i > 300) throw new Error('server did not start')
    await sleep(200)
  }
}

/**
 * A pass-through TCP proxy in front of PostgreSQL that counts the statements
 * (Query and Execute messages) its clients send and keeps their text and
 * parameters (for EXPLAIN).
 */
export function countingProxy(target) {
  const state = { statements: [] }
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host)
    let buf = Buffer.alloc(0)
    let started = false
    const texts = new Map()
    let parsed = { text: '' }
    let bound = []
    client.on('data', (chunk) => {
      upstream.write(chunk)
      buf = Buffer.concat([buf, chunk])
      for (;;) {
        if (!started) {
          if (buf.length < 4) break
          const len = buf.readInt32BE(0)
          if (buf.length < len) break
          const code = buf.readInt32BE(4)
          buf = buf.subarray(len)
          if (code !== 80877103) started = true // not an SSLRequest: the startup message
          continue
        }
        if (buf.length < 5) break
        const type = String.fromCharCode(buf[0])
        const len = buf.readInt32BE(1)
        if (buf.length < 1 + len) break
        const body = buf.subarray(5, 1 + len)
        buf = buf.subarray(1 + len)
        if (type === 'Q') {
          state.statements.push({ text: body.subarray(0, body.indexOf(0)).toString(), params: [] })
        } else if (type === 'P') {
          const nameEnd = body.indexOf(0)
          const textEnd = body.indexOf(0, nameEnd + 1)
          // a named (prepared) statement is parsed once and bound many times: remember its text by name
          texts.set(body.subarray(0, nameEnd).toString(), body.subarray(nameEnd + 1, textEnd).toString())
        } else if (type === 'B') {
          const portalEnd = body.indexOf(0)
          let o = body.indexOf(0, portalEnd + 1)
          parsed = { text: texts.get(body.subarray(portalEnd + 1, o).toString()) ?? '' }
          o += 1
          const nFormats = body.readInt16BE(o)
          o += 2 + 2 * nFormats
          const n = body.readInt16BE(o)
          o += 2
          bound = []
          for (let i = 0; i < n; i++) {
            const l = body.readInt32BE(o)
            o += 4
            if (l < 0) bound.push(null)
            else {
              bound.push(body.subarray(o, o + l).toString())
              o += l
            }
          }
        } else if (type === 'E') {
          state.statements.push({ text: parsed.text, params: bound })
        }
      }
    })
    upstream.on('data', (chunk) => client.write(chunk))
    const close = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', close)
    upstream.on('error', close)
    client.on('close', close)
    upstream.on('close', close)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ state, server, port: server.address().port }))
  )
}
