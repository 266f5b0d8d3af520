/**
 * Starts extra API processes for tests that need more than the in-process
 * server (two nodes sharing realtime events; a node without Redis).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createConnection, createServer } from 'node:net'
import app from '@adonisjs/core/services/app'

/**
 * The children the helpers started that have not exited. A test that outlasts its timeout never
 * reaches its `finally`: its processes would stay on the shard's database and Redis prefix and
 * take the jobs of the tests after it. tests/bootstrap.ts kills what is left after each test.
 */
const started = new Set<ChildProcess>()
function track(child: ChildProcess) {
  started.add(child)
  child.once('exit', () => started.delete(child))
  return child
}
export function killStartedProcesses() {
  for (const child of started) child.kill('SIGKILL')
  started.clear()
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

export interface ApiProcess {
  url: string
  stop: () => Promise<void>
  /** dies as a crash would: SIGKILL, nothing flushed */
  kill: () => Promise<void>
  /** sends SIGTERM (a graceful stop) and resolves with the exit code once the process is gone */
  sigterm: () => Promise<number | null>
}

export async function startApiProcess(
  env: Record<string, string | undefined> = {},
  /** a compiled build folder (scripts/build-server.mjs) to run instead of the TypeScript sources */
  compiledDir?: string
): Promise<ApiProcess> {
  const port = await freePort()
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    WORKERS: 'false',
    // a child's connections show apart from its test process's in pg_stat_activity
    PGAPPNAME: `${process.env.PGAPPNAME ?? 'balcao-test'}-child`,
  }
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k]
    else childEnv[k] = v
  }
  const entry = compiledDir
    ? [`${compiledDir}/core/bin/server.js`]
    : ['--import=@poppinss/ts-exec', 'core/bin/server.ts']
  const child: ChildProcess = track(
    spawn(process.execPath, entry, {
      cwd: app.makePath(),
      env: childEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
  )
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const url = `http://127.0.0.1:${port}`
  // a loaded machine can take a while to load the TypeScript sources; a node that never
  // answered fails here, by name, instead of as a refused connection in the test's first call
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${stderr}`)
    try {
      const r = await fetch(`${url}/health`, { headers: { accept: 'application/json' } })
      if (r.ok) break
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`API process did not answer /health in 60 s: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    sigterm: () => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
      child.kill('SIGTERM')
      return exited
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A job worker process (npm run worker); resolves once it has started. */
export async function startWorkerProcess(env: Record<string, string | undefined> = {}) {
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    // as startApiProcess's: the child's connections show apart in pg_stat_activity
    PGAPPNAME: `${process.env.PGAPPNAME ?? 'balcao-test'}-child`,
  }
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k]
    else childEnv[k] = v
  }
  const child = track(
    spawn(process.execPath, ['--import=@poppinss/ts-exec', 'core/bin/worker.ts'], {
      cwd: app.makePath(),
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  )
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const deadline = Date.now() + 60_000
  while (!output.includes('worker started')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`worker did not start: ${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null
  return {
    output: () => output,
    kill: async () => {
      if (gone()) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    },
    /** SIGTERM (the graceful stop waits for the jobs taken), SIGKILL after graceMs */
    stop: async (graceMs = 5000) => {
      if (gone()) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A private Redis server (never the shared one): started, killed and restarted empty by the test. */
export async function startPrivateRedis(port?: number) {
  const p = port ?? (await freePort())
  const child = track(
    spawn('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    })
  )
  const deadline = Date.now() + 10_000
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection(p, '127.0.0.1')
      s.once('connect', () => {
        s.destroy()
        resolve(true)
      })
      s.once('error', () => resolve(false))
    })
    if (up) break
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error('redis-server did not start')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port: p,
    url: `redis://127.0.0.1:${p}/0`,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGKILL')
      await exited
    },
  }
}
