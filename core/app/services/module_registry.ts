/**
 * The modules the core discovered, and the manifest the shell reads from
 * GET /modules: for the caller's company, the enabled modules with their menu
 * entries and remote entry URLs. A module whose plan flag is off is not listed,
 * so the browser never fetches its remote. The channels the plan offers are
 * listed beside them (channelsFor), and the routes the caller may not open,
 * with the reason (gatedRoutes), so the shell tells a plan flag that is off
 * from a role the user lacks from a page that does not exist.
 */
import { modules } from '../../plugins.js'
import type { MenuEntry, ModuleManifest } from '#core/module'
import { planHas } from '#core/plan_flags'
import type User from '#models/user'
import type Plan from '#models/plan'
import { channelDefsForPlan } from '#core/channels'

/** The channels the plan offers, as the connections screen draws them (add menu, icons, channel tab). */
export const channelsFor = (plan: Plan) => channelDefsForPlan(plan)

/** Screens of the core itself, shipped as the "admin" remote. */
const coreManifests: ModuleManifest[] = [
  {
    name: 'admin',
    feature: null,
    menu: [
      { path: '/users', label: 'menu.users', icon: 'people', role: 'admin', section: 'admin', order: 10 },
      { path: '/companies', label: 'menu.companies', icon: 'building', role: 'super', section: 'admin', order: 90 },
      { path: '/settings', label: 'menu.settings', icon: 'settings', role: 'any', section: 'admin', order: 95 },
      { path: '/todolist', label: 'menu.todolist', icon: 'task', role: 'any', section: 'main', order: 60 },
    ],
    remote: {
      name: 'admin',
      expose: './App',
      routes: ['/users', '/companies', '/settings', '/todolist'],
    },
  },
]

export function allManifests(): ModuleManifest[] {
  return [...coreManifests, ...modules.map((m) => m.manifest)]
}

function roleAllows(role: MenuEntry['role'], user: User) {
  switch (role ?? 'any') {
    case 'super':
      return user.super
    case 'admin':
      return user.isAdmin
    case 'dashboard':
      return user.isAdmin || user.showDashboard === 'enabled'
    default:
      return true
  }
}

export function enabledFor(manifest: ModuleManifest, plan: Plan, user: User) {
  if (manifest.superOnly && !user.super) return false
  if (manifest.feature && !planHas(plan, manifest.feature)) return false
  return true
}

/** What an expired or inactive company may load: the invoices page, no menu. */
export function invoicesOnly(user: User, plan: Plan) {
  return manifestFor(user, plan)
    .filter((m) => m.remote?.routes.includes('/financeiro-aberto'))
    .map((m) => ({ ...m, menu: [], remote: { ...m.remote!, routes: ['/financeiro-aberto'] } }))
}

/** A route the caller may not open, and why: the plan's flag is off, the profile lacks the role, super user only. */
export interface GatedRoute {
  path: string
  reason: 'plan' | 'role' | 'super'
  feature?: ModuleManifest['feature']
}

/**
 * The routes of every installed module the caller may not open: all the routes
 * of a module whose plan flag is off ('plan') or reserved to the super user
 * ('super'), and the menu entries of enabled modules their role does not allow
 * ('role' for the admin/dashboard profiles, 'super' for the super user's).
 */
export function gatedRoutes(user: User, plan: Plan, manifests: ModuleManifest[] = allManifests()): GatedRoute[] {
  const gated = new Map<string, GatedRoute>()
  const add = (g: GatedRoute) => {
    if (!gated.has(g.path)) gated.set(g.path, g)
  }
  for (const m of manifests) {
    const paths = [...new Set([...(m.menu ?? []).map((e) => e.path), ...(m.remote?.routes ?? [])])]
    if (m.superOnly && !user.super) {
      for (const path of paths) add({ path, reason: 'super' })
    } else if (!enabledFor(m, plan, user)) {
      for (const path of paths) add({ path, reason: 'plan', feature: m.feature })
    } else {
      for (const e of m.menu ?? []) {
        const access = e.access ?? e.role
        if (!roleAllows(access, user)) add({ path: e.path, reason: access === 'super' ? 'super' : 'role' })
      }
    }
  }
  // a path an enabled module serves is not the plan's to refuse
  const served = new Set(
    manifestFor(user, plan, manifests).flatMap((m) => [...m.menu.map((e) => e.path), ...(m.remote?.routes ?? [])])
  )
  return [...gated.values()].filter((g) => !(g.reason === 'plan' && served.has(g.path)))
}

export function manifestFor(user: User, plan: Plan, manifests: ModuleManifest[] = allManifests()) {
  return manifests
    .filter((m) => enabledFor(m, plan, user))
    .map((m) => ({
      name: m.name,
      feature: m.feature,
      menu: (m.menu ?? []).filter((e) => roleAllows(e.role, user)),
      remote: m.remote
        ? {
            name: m.remote.name,
            entry: `/remotes/${m.remote.name}/remoteEntry.js`,
            expose: m.remote.expose,
            routes: m.remote.routes,
          }
        : null,
    }))
}
