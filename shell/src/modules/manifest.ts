/**
 * The module manifest (GET /modules): which modules the company's plan
 * enables, their menu entries and their remotes, and the routes the user may
 * not open with the reason (a plan flag that is off, a role the profile lacks,
 * the super user's screens). Nothing here is hard-coded: whatever the server
 * lists is what the shell shows, loads or refuses; any other path is unknown.
 * A 402 (expired subscription) is marked blocked: only the invoices page is offered.
 */
import { atom } from 'jotai'
import { addErrorTexts, api, forgetModulesManifest, isApiError } from '@balcao/ui/core'

export interface MenuEntry {
  path: string
  label: string
  icon?: string
  role?: 'any' | 'admin' | 'super' | 'dashboard'
  section?: 'main' | 'admin'
  order?: number
}

export interface RemoteDef {
  name: string
  entry: string
  expose: string
  routes: string[]
}

export interface ModuleDef {
  name: string
  feature: string | null
  menu: MenuEntry[]
  remote: RemoteDef | null
}

/** A route the user may not open: its module's plan flag is off, or the user's role does not allow it. */
export interface GatedRoute {
  path: string
  reason: 'plan' | 'role' | 'super'
  feature?: string | null
}

export interface ManifestState {
  status: 'loading' | 'ready' | 'blocked' | 'error'
  modules: ModuleDef[]
  gated: GatedRoute[]
  /** the company plan's flags (useInternalChat, ...) */
  flags: Record<string, boolean>
}

export const EMPTY_MANIFEST: Omit<ManifestState, 'status'> = { modules: [], gated: [], flags: {} }
export const manifestAtom = atom<ManifestState>({ status: 'loading', ...EMPTY_MANIFEST })

export async function fetchManifest(): Promise<ManifestState> {
  // the remotes' cached copy (channel icons, reply windows) follows the shell's: another sign-in, another plan
  forgetModulesManifest()
  try {
    // an expired or inactive company gets only the remote of its invoices page
    const { modules, blocked, errors, gated, flags } = await api.get<{
      modules: ModuleDef[]
      blocked?: boolean
      errors?: Record<string, { pt: string; en: string; es: string }>
      gated?: GatedRoute[]
      flags?: Record<string, boolean>
    }>('/modules')
    // the plugins' error codes come with their manifest (the core's are bundled)
    if (errors) addErrorTexts(errors)
    return { status: blocked ? 'blocked' : 'ready', modules, gated: gated ?? [], flags: flags ?? {} }
  } catch (e) {
    if (isApiError(e) && e.status === 402) return { status: 'blocked', ...EMPTY_MANIFEST }
    return { status: 'error', ...EMPTY_MANIFEST }
  }
}

/**
 * Whether a part of the shell that belongs to a module is on: a module the
 * manifest lists serves its route, and the plan flag it needs (if any) is not off.
 */
export function moduleOn(state: ManifestState, served: Map<string, RemoteDef>, path: string, flag?: string) {
  if (state.status !== 'ready' || !served.has(path)) return false
  return !flag || state.flags[flag] !== false
}

/** The gate of a path (its own or one of its parents', e.g. /users/7 → /users), if any. */
export function gateOf(gated: GatedRoute[], pathname: string): GatedRoute | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/'
  return gated.find((g) => {
    const p = g.path.toLowerCase()
    return path === p || path.startsWith(`${p}/`)
  })
}

/**
 * route → the remote that serves it. Routes the user's profile may not open
 * (gated for 'role') are left out: the shell says so itself, without loading the remote.
 */
export function routeTable(modules: ModuleDef[], gated: GatedRoute[] = []) {
  const denied = new Set(gated.filter((g) => g.reason === 'role').map((g) => g.path))
  const table = new Map<string, RemoteDef>()
  for (const m of modules)
    for (const r of m.remote?.routes ?? []) if (m.remote && !table.has(r) && !denied.has(r)) table.set(r, m.remote)
  return table
}

/** Menu entries in order; an entry no remote serves yet (a module without its screens) is left out. */
export function menuEntries(modules: ModuleDef[]) {
  const served = routeTable(modules)
  return modules
    .flatMap((m) => m.menu)
    .filter((e) => served.has(e.path))
    .sort((a, b) => (a.order ?? 50) - (b.order ?? 50) || a.path.localeCompare(b.path))
}
