/**
 * Ace commands of the plugins: a plugin with a commands/main.ts (exporting an
 * ace loader's getMetaData and getCommand, e.g. from a ListLoader) adds its
 * commands to `node ace`, found the way core/plugins.ts finds manifests, so
 * adding a command is adding a file. Listed in adonisrc.ts `commands`.
 */
import { existsSync } from 'node:fs'
import type { CommandMetaData } from '@adonisjs/core/types/ace'
import { channels, modules } from './plugins.js'

interface Loader {
  getMetaData(): Promise<CommandMetaData[]>
  getCommand(meta: CommandMetaData): Promise<unknown>
}

const root = new URL('../', import.meta.url)
/** .ts from the sources, .js in the compiled build/ */
const EXT = import.meta.url.endsWith('.ts') ? 'ts' : 'js'

const loaders: Loader[] = await Promise.all(
  [...modules, ...channels]
    .filter((p) => existsSync(new URL(`${p.folder}/commands/main.${EXT}`, root)))
    .map((p) => import(new URL(`${p.folder}/commands/main.js`, root).href) as Promise<Loader>)
)

export async function getMetaData() {
  return (await Promise.all(loaders.map((l) => l.getMetaData()))).flat()
}

export async function getCommand(meta: CommandMetaData) {
  for (const l of loaders) {
    const command = await l.getCommand(meta)
    if (command) return command
  }
  return null
}
