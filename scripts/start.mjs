/**
 * npm start: installs what is missing, prepares the database (embedded
 * PostgreSQL unless DATABASE_URL is set), migrates, seeds, builds the UI and
 * serves everything on one origin (http://localhost:3333 by default).
 * The server runs compiled (scripts/build-server.mjs → build/); --dev runs the
 * TypeScript sources through the loader instead.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, ensureDependencies, readEnvFile, reexecWithNode24, run } from './lib.mjs'

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()

function prepareEnvFile() {
  const file = join(ROOT, '.env')
  if (existsSync(file)) return { created: false }
  const password = randomBytes(9).toString('base64url')
  const text = readFileSync(join(ROOT, '.env.example'), 'utf8')
    .replace(/^APP_KEY=.*$/m, `APP_KEY=${randomBytes(32).toString('base64url')}`)
    .replace(/^SUPER_PASSWORD=.*$/m, `SUPER_PASSWORD=${password}`)
  writeFileSync(file, text, { mode: 0o600 })
  return { created: true, password }
}

async function main() {
  const first = prepareEnvFile()
  const env = { ...readEnvFile(join(ROOT, '.env')), ...process.env }
  if (env.NODE_ENV === 'production' && !env.APP_KEY) {
    console.error('APP_KEY is required in production.')
    process.exit(1)
  }

  let embedded = null
  if (!env.DATABASE_URL) {
    const { startEmbeddedPostgres } = await import('../database/embedded_postgres.mjs')
    console.log('» starting the embedded PostgreSQL (.data/pg)…')
    embedded = await startEmbeddedPostgres({
      dir: join(ROOT, '.data', 'pg'),
      port: Number(env.EMBEDDED_PG_PORT || 54329),
      database: 'balcao',
    })
    env.DATABASE_URL = embedded.url
  }
  const stopDb = async () => embedded && (await embedded.stop().catch(() => {}))

  const dev = process.argv.includes('--dev')
  if (!dev && run(process.execPath, ['scripts/build-server.mjs', '--if-needed'], env) !== 0) {
    await stopDb()
    process.exit(1)
  }
  const ace = (args) => run(process.execPath, dev ? ['ace.js', ...args] : ['build/core/bin/console.js', ...args], env)
  if (ace(['migration:run', '--force']) !== 0 || ace(['db:seed']) !== 0) {
    await stopDb()
    process.exit(1)
  }
  if (!process.argv.includes('--no-build') && run(process.execPath, ['scripts/build-ui.mjs', '--if-needed'], env) !== 0) {
    await stopDb()
    process.exit(1)
  }

  const port = env.PORT || '3333'
  console.log(`\n  Balcão: http://localhost:${port}`)
  console.log(`  super user: ${env.SUPER_EMAIL || 'admin@balcao.local'}`)
  if (first.created) console.log(`  password:   ${first.password}   (saved in .env; shown only this once)`)
  console.log('')

  // build-server ran before the UI build: link the fresh public/ (and .data/) into build/
  if (!dev) run(process.execPath, ['scripts/build-server.mjs', '--if-needed'], env)
  const entry = dev ? ['--import=@poppinss/ts-exec', 'core/bin/server.ts'] : ['build/core/bin/server.js']
  const server = spawn(process.execPath, entry, {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  })
  let stopping = false
  const stop = (sig) => {
    if (stopping) return
    stopping = true
    server.kill(sig)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  server.on('exit', async (code) => {
    await stopDb()
    process.exit(code ?? 0)
  })
}
