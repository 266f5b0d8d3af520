/**
 * Module-boundary check (part of npm test). Two rules for every plugin
 * (modules/<name>, channels/<name>):
 *
 * 1. Imports. A plugin may import:
 *   - its own files (relative paths that stay inside its folder),
 *   - the core's public API (#core/<name>, i.e. core/public/*),
 *   - another plugin's public API: #modules/<x>/public/<file> (or
 *     #channels/<x>/public/<file>), and nothing else of that plugin,
 *   - npm packages,
 *   - a shared channel package whole: a folder of channels/ without a channel.ts
 *     manifest (e.g. channels/meta, the Graph API client of the Meta channels)
 *     is a library, not a plugin: no manifest, routes or tables of its own; it
 *     works on the tables of the channels that import it,
 *   - and, from its tests/ folder only, the shared test helpers (#tests/helpers/*)
 *     and other plugins' test helpers (#modules/<x>/tests/..., e.g. the
 *     conversation DSL of the queues module).
 * Anything else (another plugin's internals, the core's internals, #models/...,
 * a relative path that leaves the folder) is reported and fails the run.
 *
 * 2. Tables. A table belongs to whoever's migrations create it
 * (`createTable('<name>'` in <plugin>/database/migrations, or in
 * database/migrations for the core). A plugin's code may not read or write a
 * table of another plugin: no `db.from('x')`, `trx.from('x')`, `.table('x')`,
 * `.into('x')`, `.join('x', ...)`, `tenantTable('x')` / `tenantInsert('x')`,
 * model `static table = 'x'`, `alterTable('x')`, nor SQL in a string literal
 * naming it after FROM / JOIN / UPDATE / INSERT INTO / DELETE FROM / INTO.
 * It asks the owner's public API instead. Core tables are off-limits too,
 * except CORE_SHARED_TABLES below: the tables of the models the core
 * publishes in #core/models (and their pivot tables), which plugins may query
 * (locks, joins and counts a model query cannot express). Core-private tables
 * (inbound_events, sessions, settings, rate limits) are reached only through
 * #core/pipeline, #core/settings, ... A plugin's tests/ folder is exempt from
 * this rule (tests inspect whatever state they assert on).
 *
 * 3. Tenant tables (docs/architecture.md, "Tenancy"). A tenant table is one
 * whose createTable block in a migration declares company_id. In plugin code
 * and in the core (all but core/public/tenancy.ts, which defines the entry),
 * hand-written SQL on a tenant table goes through tenantTable / tenantInsert
 * (#core/tenancy): `.from('<tenant table>')`, `.table(...)` and `.into(...)`
 * are refused (joins are fine: they follow a scoped base table). A raw SQL
 * string literal naming a tenant table after FROM / UPDATE / INSERT INTO /
 * DELETE FROM must mention company_id (bound from tenancy.requireCompanyId())
 * or carry a `// system: <why>` comment on the line before it (platform code
 * that crosses companies on purpose, in tenancy.asSystem). tests/ folders,
 * migrations and seeders are exempt.
 *
 * Usage: node scripts/check-boundaries.mjs [root]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'))
/** core tables of the models exported by core/public/models.ts, and their pivots */
export const CORE_SHARED_TABLES = new Set([
  'companies',
  'plans',
  'users',
  'queues',
  'whatsapps',
  'whatsapp_queues',
  'user_queues',
])
const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm

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

const CREATE_RE = /createTable(?:IfNotExists)?\(\s*['"`]([\w]+)['"`]/g
const NAME = String.raw`['"\`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?['"\`]`
const ACCESS_RES = [
  new RegExp(
    String.raw`\.(?:from|table|into|join|leftJoin|rightJoin|innerJoin|fullOuterJoin|crossJoin|alterTable)\(\s*` + NAME,
    'g'
  ),
  new RegExp(String.raw`\b(?:tenantTable|tenantInsert)\(\s*` + NAME, 'g'),
  new RegExp(String.raw`\bstatic\s+table\s*=\s*` + NAME, 'g'),
]
const SQL_RE = /\b(?:from|join|update|insert\s+into|delete\s+from|into)\s+"?([a-z_][a-z0-9_]*)"?/gi
const STRING_RE = /`(?:\\[\s\S]|[^\\`])*`|'(?:\\.|[^\\'\n])*'|"(?:\\.|[^\\"\n])*"/g

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

function migrationFiles(dir) {
  return existsSync(dir) ? files(dir) : []
}

/** the text of the call that starts at `open` (an opening parenthesis), strings skipped */
function callText(text, open) {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++
    } else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return text.slice(open, i + 1)
  }
  return text.slice(open)
}

/** the tables whose createTable block (in any migration of the core or a plugin) declares company_id */
export function tenantTables(root = ROOT) {
  const tenant = new Set()
  const dirs = [
    join(root, 'database', 'migrations'),
    ...plugins(root).map((p) => join(p.dir, 'database', 'migrations')),
  ]
  for (const dir of dirs) {
    for (const file of migrationFiles(dir)) {
      const text = stripComments(readFileSync(file, 'utf8'))
      for (const m of text.matchAll(CREATE_RE)) {
        const block = callText(text, m.index + m[0].indexOf('('))
        if (/['"`]company_id['"`]/.test(block)) tenant.add(m[1])
      }
    }
  }
  return tenant
}

const TENANT_ACCESS_RE = new RegExp(String.raw`\.(from|table|into)\(\s*` + NAME, 'g')
const TENANT_SQL_RE = /\b(?:from|update|insert\s+into|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi
const SYSTEM_RE = /\/\/\s*system:/

/** comments blanked out (same length, newlines kept), so offsets and line numbers still match the file */
const blankComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])(\/\/.*$)/gm, (all, pre, line) =>
    line === undefined ? all.replace(/[^\n]/g, ' ') : pre + ' '.repeat(line.length)
  )

/**
 * Rule 3 for one file: the tenant-table accesses that bypass tenantTable /
 * tenantInsert, as "<line>: <what>" strings.
 */
export function unscopedTenantAccess(text, tenant) {
  const code = blankComments(text)
  const lines = text.split('\n')
  const lineOf = (index) => code.slice(0, index).split('\n').length
  const out = []
  for (const m of code.matchAll(TENANT_ACCESS_RE)) {
    if (!tenant.has(m[2])) continue
    out.push(`${lineOf(m.index)}: .${m[1]}('${m[2]}') on a tenant table; use tenantTable/tenantInsert`)
  }
  for (const lit of code.matchAll(STRING_RE)) {
    const named = [...lit[0].matchAll(TENANT_SQL_RE)].map((m) => m[1].toLowerCase()).filter((t) => tenant.has(t))
    if (!named.length || /company_id/i.test(lit[0])) continue
    const line = lineOf(lit.index)
    if (line >= 2 && SYSTEM_RE.test(lines[line - 2])) continue
    out.push(`${line}: SQL on tenant table ${named[0]} without company_id (nor a "// system:" comment before it)`)
  }
  return out
}

/** table → owner ('core' or '<kind>/<name>'), from the migrations that create it */
export function tableOwners(root = ROOT) {
  const owners = new Map()
  const scan = (dir, owner) => {
    for (const file of migrationFiles(dir)) {
      for (const m of readFileSync(file, 'utf8').matchAll(CREATE_RE)) if (!owners.has(m[1])) owners.set(m[1], owner)
    }
  }
  scan(join(root, 'database', 'migrations'), 'core')
  for (const { kind, name, dir } of plugins(root)) scan(join(dir, 'database', 'migrations'), `${kind}/${name}`)
  return owners
}

/** a folder of channels/ without a manifest: a library the channels share */
function isChannelPackage(root, name) {
  const dir = join(root, 'channels', name)
  return existsSync(dir) && !existsSync(join(dir, 'channel.ts'))
}

/** whether the plugin (channels/<x> or modules/<x>) imports the channel package */
function importsPackage(root, plugin, pkg) {
  const dir = join(root, plugin)
  if (!existsSync(dir)) return false
  return files(dir).some((f) => readFileSync(f, 'utf8').includes(`#channels/${pkg}/`))
}

function plugins(root) {
  const out = []
  for (const kind of ['modules', 'channels']) {
    const base = join(root, kind)
    if (!existsSync(base)) continue
    for (const name of readdirSync(base)) {
      const dir = join(base, name)
      if (statSync(dir).isDirectory()) out.push({ kind, name, dir })
    }
  }
  return out
}

/** the tables a source file names, by query builder, model or SQL text */
export function tablesUsed(text) {
  const code = stripComments(text)
  const found = new Set()
  for (const re of ACCESS_RES) for (const m of code.matchAll(re)) found.add(m[1])
  for (const lit of code.matchAll(STRING_RE)) for (const m of lit[0].matchAll(SQL_RE)) found.add(m[1].toLowerCase())
  return found
}

export function checkBoundaries(root = ROOT) {
  const problems = []
  const publicCore = join(root, 'core', 'public')
  const allowedCore = existsSync(publicCore)
    ? new Set(readdirSync(publicCore).map((f) => f.replace(/\.(ts|js)$/, '')))
    : new Set()
  const owners = tableOwners(root)
  for (const { kind, name, dir: pluginDir } of plugins(root)) {
    const self = `${kind}/${name}`
    const testsDir = join(pluginDir, 'tests') + sep
    const migrationsDir = join(pluginDir, 'database', 'migrations') + sep
    for (const file of files(pluginDir)) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[1] ?? m[2] ?? m[3]
        const where = `${relative(root, file)}: ${spec}`
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec)
          if (target !== pluginDir && !target.startsWith(pluginDir + sep))
            problems.push(`${where} leaves ${kind}/${name}`)
        } else if (spec.startsWith('#tests/helpers/') && file.startsWith(testsDir)) {
          continue
        } else if (/^#(modules|channels)\/[\w-]+\/tests\//.test(spec) && file.startsWith(testsDir)) {
          continue
        } else if (/^#channels\/[\w-]+\//.test(spec) && isChannelPackage(root, spec.split('/')[1])) {
          continue
        } else if (/^#(modules|channels)\//.test(spec)) {
          const pub = /^#(modules|channels)\/([\w-]+)\/public\/[\w-]+$/.exec(spec)
          if (!pub || `${pub[1]}/${pub[2]}` === self || !existsSync(join(root, pub[1], pub[2], 'public'))) {
            problems.push(`${where} is not another plugin's public API (#modules/<name>/public/<file>)`)
          }
        } else if (spec.startsWith('#')) {
          const match = /^#core\/([\w-]+)$/.exec(spec)
          if (!match || !allowedCore.has(match[1])) problems.push(`${where} is not a public core export (#core/<name>)`)
        } else if (spec.startsWith('/') || spec.includes('core/app') || spec.startsWith('node_modules')) {
          problems.push(`${where} is not allowed`)
        }
      }
      if (file.startsWith(testsDir) || file.startsWith(migrationsDir)) continue
      for (const table of tablesUsed(text)) {
        const owner = owners.get(table)
        if (!owner || owner === self) continue
        if (owner === 'core' && CORE_SHARED_TABLES.has(table)) continue
        // a channel package works on the tables of the channels built on it
        if (kind === 'channels' && isChannelPackage(root, name) && importsPackage(root, owner, name)) continue
        problems.push(
          `${relative(root, file)}: table ${table} belongs to ${owner === 'core' ? 'the core' : owner}; use its public API`
        )
      }
    }
  }
  // rule 3: tenant tables through tenantTable / tenantInsert, in the plugins and in the core
  const tenant = tenantTables(root)
  const exempt = /(^|\/)(tests|database\/migrations|database\/seeders|node_modules)\//
  const scanned = [...plugins(root).map((p) => p.dir), join(root, 'core')].filter((d) => existsSync(d))
  for (const dir of scanned) {
    for (const file of files(dir)) {
      const rel = relative(root, file).split(sep).join('/')
      if (exempt.test(rel) || rel === 'core/public/tenancy.ts') continue
      for (const p of unscopedTenantAccess(readFileSync(file, 'utf8'), tenant)) problems.push(`${rel}:${p}`)
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
