/**
 * Builds the browser app into public/: the shell at the root and every remote
 * under public/remotes/<name>/. With --if-needed, skips when the build is newer
 * than every source file.
 */
import { existsSync, readdirSync, statSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT, run } from './lib.mjs'

const ifNeeded = process.argv.includes('--if-needed')
const shellDir = join(ROOT, 'shell')
const remotesDir = join(ROOT, 'remotes')

function newest(dir) {
  let max = 0
  if (!existsSync(dir)) return 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'storybook-static'].includes(entry.name)) continue
    const p = join(dir, entry.name)
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return max
}

if (!existsSync(join(shellDir, 'vite.config.ts'))) {
  console.log('» no UI to build yet')
  process.exit(0)
}
const out = join(ROOT, 'public', 'index.html')
if (ifNeeded && existsSync(out)) {
  const built = statSync(out).mtimeMs
  if (built > Math.max(newest(shellDir), newest(remotesDir), newest(join(ROOT, 'packages')))) {
    console.log('» UI is up to date')
    process.exit(0)
  }
}
mkdirSync(join(ROOT, 'public'), { recursive: true })
const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')
// always a production build: NODE_ENV=test (npm test) would give React's development build
const buildEnv = { ...process.env, NODE_ENV: 'production' }
const remotes = existsSync(remotesDir)
  ? readdirSync(remotesDir).filter((n) => existsSync(join(remotesDir, n, 'vite.config.ts')))
  : []
for (const name of remotes) {
  console.log(`» building remote ${name}`)
  if (run(process.execPath, [vite, 'build', '--config', join(remotesDir, name, 'vite.config.ts')], buildEnv) !== 0) process.exit(1)
}
console.log('» building the shell')
if (run(process.execPath, [vite, 'build', '--config', join(shellDir, 'vite.config.ts')], buildEnv) !== 0) process.exit(1)
