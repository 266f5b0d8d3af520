/**
 * Option lists of modules that may not be enabled (or not exist yet): queue
 * integrations and file lists. Their API is asked only when GET /modules lists
 * a module serving the page of that feature (spec 3's routes: /queue-integration,
 * /files), so a company without it gets an empty list and no 404. The same rule
 * as remotes/connections/src/optionSources.ts (tests/unit/support_team_logic.spec.ts).
 */
export interface ManifestModule {
  name: string
  menu?: { path: string }[]
  remote?: { routes?: string[] } | null
}

export type OptionSource = 'queueIntegrations' | 'files'

export const OPTION_SOURCES: Record<OptionSource, { path: string; key: string; route: string; names: string[] }> = {
  queueIntegrations: {
    path: '/queueIntegration',
    key: 'queueIntegrations',
    route: '/queue-integration',
    names: ['queueIntegrations', 'queue-integrations', 'integrations'],
  },
  files: { path: '/files', key: 'files', route: '/files', names: ['files', 'fileLists'] },
}

export function provides(modules: readonly ManifestModule[], source: OptionSource): boolean {
  const { route, names } = OPTION_SOURCES[source]
  return modules.some(
    (m) =>
      names.includes(m.name) ||
      (m.remote?.routes ?? []).some((r) => r.toLowerCase() === route) ||
      (m.menu ?? []).some((e) => e.path.toLowerCase() === route)
  )
}
