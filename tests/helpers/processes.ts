/**
 * Starts extra API processes for tests that need more than the in-process
 * server (two nodes sharing realtime events; a node without Redis).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import app from '@adonisjs/core/services/app'

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
}

export async function startApiProcess(env: Record<string, string | undefined> = {}): Promise<ApiProcess> {
  const port = await freePort()
  const childEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    WORKERS: 'false',
  }
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k]
    else childEnv[k] = v
  }
  const child: ChildProcess = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'core/bin/server.ts'], {
    cwd: app.makePath(),
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d) => (stderr += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${stderr}`)
    try {
      const r = await fetch(`${url}/health`, { headers: { accept: 'application/json' } })
      if (r.ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}
