/**
 * Compiles the server (core, config, database, modules, channels, adonisrc)
 * to JavaScript under build/, so production runs without a TypeScript loader
 * (less memory, faster start). Same SWC transform the development loader
 * (@poppinss/ts-exec) applies, file by file; tests/ and the browser code are
 * not part of it. build/ gets the package.json (for the #core/* imports) and
 * links to the repository's public/, .data/ and .env, so paths resolve alike.
 * With --if-needed, skips when build/ is newer than every source file.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync, copyFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { ROOT } from './lib.mjs'

// SERVER_BUILD_DIR (relative to the repository) builds elsewhere: the test suite's own copy
const OUT = join(ROOT, process.env.SERVER_BUILD_DIR || 'build')
const SOURCES = ['adonisrc.ts', 'core', 'config', 'database', 'modules', 'channels']
const SKIP = new Set(['node_modules', 'tests', 'bench', 'dist'])
const STAMP = join(OUT, '.built')

function sourceFiles(path) {
  if (!existsSync(path)) return []
  if (statSync(path).isFile()) return [path]
  return readdirSync(path, { withFileTypes: true }).flatMap((e) =>
    SKIP.has(e.name) ? [] : sourceFiles(join(path, e.name))
  )
}

const files = SOURCES.flatMap((s) => sourceFiles(join(ROOT, s))).filter(
  (f) => /\.(ts|mjs|js|json)$/.test(f) && !f.endsWith('.d.ts')
)
const newest = Math.max(statSync(join(ROOT, 'package.json')).mtimeMs, ...files.map((f) => statSync(f).mtimeMs))

/** the compiled app's root is build/: its data, UI and settings are the repository's */
function linkShared() {
  // uploads live in .data/: it must be the repository's, never a folder inside build/ that a rebuild deletes
  mkdirSync(join(ROOT, '.data'), { recursive: true })
  for (const name of ['public', '.data', '.env']) {
    const link = join(OUT, name)
    if (existsSync(join(ROOT, name)) && !existsSync(link)) {
      rmSync(link, { force: true }) // a dangling link
      symlinkSync(join(ROOT, name), link)
    }
  }
}

if (process.argv.includes('--if-needed') && existsSync(STAMP) && statSync(STAMP).mtimeMs > newest) {
  linkShared()
  console.log('» server build is up to date')
  process.exit(0)
}

const swc = await import('@swc/core')
const options = {
  sourceMaps: true,
  module: { type: 'es6' },
  jsc: {
    target: 'esnext',
    externalHelpers: false,
    parser: { syntax: 'typescript', tsx: false, decorators: true, dynamicImport: true },
    transform: { decoratorMetadata: true, legacyDecorator: true },
    experimental: { keepImportAttributes: true },
    keepClassNames: true,
  },
}

const started = Date.now()
rmSync(OUT, { recursive: true, force: true })
await Promise.all(
  files.map(async (file) => {
    const rel = relative(ROOT, file)
    const target = join(OUT, rel.replace(/\.ts$/, '.js'))
    mkdirSync(dirname(target), { recursive: true })
    if (!file.endsWith('.ts')) return copyFileSync(file, target)
    const { code, map } = await swc.transformFile(file, { ...options, filename: file })
    writeFileSync(target, `${code}\n//# sourceMappingURL=${target.split('/').pop()}.map\n`)
    if (map) writeFileSync(`${target}.map`, map)
  })
)
copyFileSync(join(ROOT, 'package.json'), join(OUT, 'package.json'))
linkShared()
writeFileSync(STAMP, new Date().toISOString())
console.log(`» server compiled: ${files.length} files in ${Date.now() - started} ms`)
