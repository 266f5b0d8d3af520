/**
 * Discovers the plugin folders: every modules/<name>/module.ts and
 * channels/<name>/channel.ts. Read by adonisrc.ts (providers) and
 * config/database.ts (migration folders) before the app boots, so adding a
 * plugin is adding a folder.
 */
import { existsSync, readdirSync } from 'node:fs'
import type { ChannelManifest, ModuleManifest } from './public/module.js'

const root = new URL('../', import.meta.url)

async function load<T>(kind: 'modules' | 'channels', entry: string) {
  const dir = new URL(`${kind}/`, root)
  if (!existsSync(dir)) return [] as { folder: string; manifest: T }[]
  const found: { folder: string; manifest: T }[] = []
  for (const name of readdirSync(dir).sort()) {
    const file = new URL(`${kind}/${name}/${entry}.ts`, root)
    if (!existsSync(file)) continue
    const mod = await import(new URL(`${kind}/${name}/${entry}.js`, root).href)
    found.push({ folder: `${kind}/${name}`, manifest: mod.default as T })
  }
  return found
}

export const modules = await load<ModuleManifest>('modules', 'module')
export const channels = await load<ChannelManifest>('channels', 'channel')

const all = [...modules, ...channels]

/** Migration folders relative to the app root, in a stable order after the core's. */
export const pluginMigrationPaths = all
  .filter((p) => p.manifest.migrations)
  .map((p) => `./${p.folder}/${p.manifest.migrations!.replace(/^\.\//, '')}`)

export const pluginProviders = all.map((p) => p.manifest.provider).filter((p): p is NonNullable<typeof p> => Boolean(p))
