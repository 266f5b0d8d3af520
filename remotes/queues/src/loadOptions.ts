/** Loads the options of other modules' sources for the queue dialog (the rule: the kit's optionSources). */
import { api } from '@balcao/ui'
import { OPTION_SOURCES, provides, type ManifestModule, type OptionSource } from '@balcao/ui/core'

let manifest: Promise<ManifestModule[]> | null = null

/** the enabled modules (GET /modules, once per page load) */
export function enabledModules(): Promise<ManifestModule[]> {
  manifest ??= api
    .get<{ modules?: ManifestModule[] }>('/modules')
    .then((r) => (Array.isArray(r?.modules) ? r.modules : []))
    .catch(() => {
      manifest = null
      return []
    })
  return manifest
}

export interface NamedOption {
  id: number
  name: string
}

/** The options of a source: [] when no enabled module serves it (nothing asked) or the call fails. */
export async function sourceOptions(source: OptionSource): Promise<NamedOption[]> {
  if (!provides(await enabledModules(), source)) return []
  const { path, key } = OPTION_SOURCES[source]
  try {
    const r = await api.get<unknown>(path)
    const list = Array.isArray(r) ? r : ((r as Record<string, unknown>)?.[key] ?? [])
    return (list as NamedOption[]).filter((o) => o && typeof o.id === 'number')
  } catch {
    return []
  }
}
