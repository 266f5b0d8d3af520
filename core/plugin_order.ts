/**
 * Plugin ordering: each manifest may declare `dependsOn` (names of other
 * modules or channels). Plugins are ordered so that every plugin comes after
 * the plugins it depends on (their providers start first, and their
 * contributions to an extension point come first); among independent plugins
 * the discovery order (alphabetical) is kept. A missing or circular
 * dependency is a boot error with a message that names the plugins.
 * Pure: no imports, so it is unit-tested without booting the app.
 */
export interface OrderablePlugin {
  /** where the plugin was found, for the error message (e.g. modules/bots) */
  folder?: string
  manifest: { name: string; dependsOn?: string[] }
}

export class PluginDependencyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PluginDependencyError'
  }
}

export function orderPlugins<T extends OrderablePlugin>(plugins: T[]): T[] {
  const byName = new Map<string, T>()
  for (const p of plugins) {
    const name = p.manifest.name
    const other = byName.get(name)
    if (other) {
      throw new PluginDependencyError(
        `Two plugins are named "${name}" (${other.folder ?? '?'} and ${p.folder ?? '?'}): plugin names must be unique`
      )
    }
    byName.set(name, p)
  }
  for (const p of plugins) {
    for (const dep of p.manifest.dependsOn ?? []) {
      if (!byName.has(dep)) {
        throw new PluginDependencyError(
          `Plugin "${p.manifest.name}"${p.folder ? ` (${p.folder})` : ''} depends on "${dep}", which is not installed ` +
            `(no modules/${dep}/module.ts or channels/${dep}/channel.ts)`
        )
      }
    }
  }
  const ordered: T[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (p: T, path: string[]) => {
    const name = p.manifest.name
    const s = state.get(name)
    if (s === 'done') return
    if (s === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name]
      throw new PluginDependencyError(`Circular plugin dependency: ${cycle.join(' → ')}`)
    }
    state.set(name, 'visiting')
    for (const dep of p.manifest.dependsOn ?? []) visit(byName.get(dep)!, [...path, name])
    state.set(name, 'done')
    ordered.push(p)
  }
  for (const p of plugins) visit(p, [])
  return ordered
}
