/**
 * Discovers the plugin folders: every modules/<name>/module.ts and
 * channels/<name>/channel.ts. Read by adonisrc.ts (providers) and
 * config/database.ts (migration folders) before the app boots, so adding a
 * plugin is adding a folder.
 */
import { existsSync, readdirSync } from 'node:fs'
import type { ChannelManifest, ModuleManifest } from './public/module.js'
import { orderPlugins } from './plugin_order.js'

export { orderPlugins, PluginDependencyError } from './plugin_order.js'

const root = new URL('../', import.meta.url)
/** .ts from the sources, .js in the compiled build/ (scripts/build-server.mjs) */
const EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js'

async function load<T>(kind: 'modules' | 'channels', entry: string) {
  const dir = new URL(`${kind}/`, root)
  if (!existsSync(dir)) return [] as { folder: string; manifest: T }[]
  const found: { folder: string; manifest: T }[] = []
  for (const name of readdirSync(dir).sort()) {
    const file = new URL(`${kind}/${name}/${entry}.${EXT}`, root)
    if (!existsSync(file)) continue
    const mod = await import(new URL(`${kind}/${name}/${entry}.js`, root).href)
    found.push({ folder: `${kind}/${name}`, manifest: mod.default as T })
  }
  return found
}

export const modules = await load<ModuleManifest>('modules', 'module')
export const channels = await load<ChannelManifest>('channels', 'channel')

/**
 * PLUGIN_EXTRA_DIRS: comma-separated plugin folders (relative to the app root)
 * loaded as if they sat under modules/ or channels/; the test suite uses it for
 * the sample channel of tests/fixtures/sample-channel.
 */
for (const extra of (process.env.PLUGIN_EXTRA_DIRS ?? '').split(',').map((d) => d.trim().replace(/\/+$/, ''))) {
  if (!extra || extra.includes('..')) continue
  for (const [entry, list] of [
    ['channel', channels],
    ['module', modules],
  ] as const) {
    if (!existsSync(new URL(`${extra}/${entry}.${EXT}`, root))) continue
    const mod = await import(new URL(`${extra}/${entry}.js`, root).href)
    ;(list as { folder: string; manifest: unknown }[]).push({ folder: extra, manifest: mod.default })
  }
}

/**
 * Every plugin, each after the plugins its manifest `dependsOn` (checked here:
 * a missing or circular dependency fails the boot with the plugins' names).
 */
const all = orderPlugins<{ folder: string; manifest: ModuleManifest | ChannelManifest }>([...modules, ...channels])

/** Plugin names in dependency order: the order of contributions to an extension point. */
export const pluginOrder = all.map((p) => p.manifest.name)

/** Migration folders relative to the app root, in a stable order after the core's. */
export const pluginMigrationPaths = [...modules, ...channels]
  .filter((p) => p.manifest.migrations)
  .map((p) => `./${p.folder}/${p.manifest.migrations!.replace(/^\.\//, '')}`)

export const pluginProviders = all.map((p) => p.manifest.provider).filter((p): p is NonNullable<typeof p> => Boolean(p))
