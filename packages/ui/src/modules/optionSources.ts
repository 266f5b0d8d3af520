/**
 * Option lists that belong to modules which may not be enabled (or not exist
 * yet): queue integrations, AI prompts, file lists, offered in the connection
 * and queue dialogs. Their API is asked only when GET /modules lists a module
 * serving the page of that feature (spec 3's routes), so a company without it
 * gets an empty list and no 404. Pure (tests/unit/support_team_logic.spec.ts).
 */
export interface ManifestModule {
  name: string
  menu?: { path: string }[]
  remote?: { routes?: string[] } | null
}

export type OptionSource = 'queueIntegrations' | 'prompts' | 'files'

/** the API of each source and the page (spec 3 route table) or module name that reveals it */
export const OPTION_SOURCES: Record<OptionSource, { path: string; key: string; route: string; names: string[] }> = {
  queueIntegrations: {
    path: '/queueIntegration',
    key: 'queueIntegrations',
    route: '/queue-integration',
    names: ['queueIntegrations', 'queue-integrations', 'integrations'],
  },
  prompts: { path: '/prompt', key: 'prompts', route: '/prompts', names: ['prompts'] },
  files: { path: '/files', key: 'files', route: '/files', names: ['files', 'fileLists'] },
}

/** Whether an enabled module provides the source. */
export function provides(modules: readonly ManifestModule[], source: OptionSource): boolean {
  const { route, names } = OPTION_SOURCES[source]
  return modules.some(
    (m) =>
      names.includes(m.name) ||
      (m.remote?.routes ?? []).some((r) => r.toLowerCase() === route) ||
      (m.menu ?? []).some((e) => e.path.toLowerCase() === route)
  )
}
