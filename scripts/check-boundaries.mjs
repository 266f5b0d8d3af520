/**
 * Module-boundary check (part of npm test). A plugin under modules/<name> or
 * channels/<name> may import:
 *   - its own files (relative paths that stay inside its folder),
 *   - the core's public API (#core/<name>, i.e. core/public/*),
 *   - npm packages,
 *   - and, from its tests/ folder only, the shared test helpers (#tests/helpers/*).
 * Anything else (another module, the core's internals, #models/..., a relative
 * path that leaves the folder) is reported and fails the run.
 * Usage: node scripts/check-boundaries.mjs [root]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

function files(dir) {
  const out = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const p = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...files(p))
    else if (/\.(ts|tsx|js|mjs)$/.test(entry.name)) out.push(p)
  }
  return out
}

export function checkBoundaries(root = ROOT) {
  const problems = []
  const publicCore = join(root, 'core', 'public')
  const allowedCore = existsSync(publicCore)
    ? new Set(readdirSync(publicCore).map((f) => f.replace(/\.(ts|js)$/, '')))
    : new Set()
  for (const kind of ['modules', 'channels']) {
    const base = join(root, kind)
    if (!existsSync(base)) continue
    for (const name of readdirSync(base)) {
      const pluginDir = join(base, name)
      if (!statSync(pluginDir).isDirectory()) continue
      for (const file of files(pluginDir)) {
        const text = readFileSync(file, 'utf8')
        for (const m of text.matchAll(IMPORT_RE)) {
          const spec = m[1] ?? m[2] ?? m[3]
          const where = `${relative(root, file)}: ${spec}`
          if (spec.startsWith('.')) {
            const target = resolve(dirname(file), spec)
            if (target !== pluginDir && !target.startsWith(pluginDir + sep)) problems.push(`${where} leaves ${kind}/${name}`)
          } else if (spec.startsWith('#tests/helpers/') && file.startsWith(join(pluginDir, 'tests') + sep)) {
            continue
          } else if (spec.startsWith('#')) {
            const match = /^#core\/([\w-]+)$/.exec(spec)
            if (!match || !allowedCore.has(match[1])) problems.push(`${where} is not a public core export (#core/<name>)`)
          } else if (spec.startsWith('/') || spec.includes('core/app') || spec.startsWith('node_modules')) {
            problems.push(`${where} is not allowed`)
          }
        }
      }
    }
  }
  return problems
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkBoundaries()
  if (problems.length) {
    console.error(`Module boundary violations (${problems.length}):\n` + problems.map((p) => `  - ${p}`).join('\n'))
    process.exit(1)
  }
  console.log('module boundaries: ok')
}
