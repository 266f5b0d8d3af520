/**
 * The module manifest (GET /modules): which modules the company's plan
 * enables, their menu entries and their remotes. Nothing here is hard-coded:
 * whatever the server lists is what the shell shows and loads. A 402 (expired
 * subscription) is marked blocked: only the invoices page is offered.
 */
import { atom } from 'jotai'
import { api, isApiError } from '@balcao/ui/core'

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

export interface ManifestState {
  status: 'loading' | 'ready' | 'blocked' | 'error'
  modules: ModuleDef[]
}

export const manifestAtom = atom<ManifestState>({ status: 'loading', modules: [] })

export async function fetchManifest(): Promise<ManifestState> {
  try {
    // an expired or inactive company gets only the remote of its invoices page
    const { modules, blocked } = await api.get<{ modules: ModuleDef[]; blocked?: boolean }>('/modules')
    return { status: blocked ? 'blocked' : 'ready', modules }
  } catch (e) {
    if (isApiError(e) && e.status === 402) return { status: 'blocked', modules: [] }
    return { status: 'error', modules: [] }
  }
}

/** route → the remote that serves it */
export function routeTable(modules: ModuleDef[]) {
  const table = new Map<string, RemoteDef>()
  for (const m of modules) for (const r of m.remote?.routes ?? []) if (m.remote && !table.has(r)) table.set(r, m.remote)
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
