/**
 * Helpers shared by `npm start` and `npm test`. Written for the system Node
 * (20+) because they run before the project's Node 24 is installed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const NODE24 = join(ROOT, 'node_modules', '.bin', 'node')

/** Installs dependencies from the lock file when they are missing or older than it. */
export function ensureDependencies() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json')
  const lock = join(ROOT, 'package-lock.json')
  const fresh = existsSync(marker) && existsSync(NODE24) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs
  if (fresh) return
  console.log('» installing dependencies (npm ci)…')
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

/** Re-runs this script with the project's Node 24 when started by an older Node. */
export function reexecWithNode24(script) {
  if (Number(process.versions.node.split('.')[0]) >= 24) return false
  const child = spawn(NODE24, [script, ...process.argv.slice(2)], { cwd: ROOT, stdio: 'inherit', env: process.env })
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig))
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
  return true
}

export function readEnvFile(file) {
  const out = {}
  if (!existsSync(file)) return out
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line)
    if (m) out[m[1]] = m[2].replace(/^["']|["']$/g, '')
  }
  return out
}

export function run(cmd, args, env, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env, ...opts })
  return r.status ?? 1
}

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}
