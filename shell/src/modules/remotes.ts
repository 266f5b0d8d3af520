/**
 * Run-time loading of federated remotes: each remote listed by GET /modules
 * is registered with the federation runtime the first time one of its routes
 * renders, so a remote the plan does not enable is never requested.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { loadRemote, registerRemotes } from '@module-federation/runtime'
import type { RemoteDef } from './manifest.js'

/** What every remote exposes as './App': one component that renders the page for a route of its list. */
export type RemoteApp = ComponentType<{ route: string }>

const registered = new Set<string>()
const components = new Map<string, LazyExoticComponent<RemoteApp>>()

function register(def: RemoteDef) {
  if (registered.has(def.name)) return
  registerRemotes([{ name: def.name, entry: def.entry, type: 'module' }])
  registered.add(def.name)
}

export function remoteComponent(def: RemoteDef): LazyExoticComponent<RemoteApp> {
  let c = components.get(def.name)
  if (!c) {
    c = lazy(async () => {
      register(def)
      const expose = def.expose.replace(/^\.\//, '')
      const mod = await loadRemote<{ default?: RemoteApp } | RemoteApp>(`${def.name}/${expose}`)
      if (!mod) throw new Error(`remote ${def.name} exposes nothing at ${def.expose}`)
      const App = (typeof mod === 'function' ? mod : mod.default) as RemoteApp | undefined
      if (!App) throw new Error(`remote ${def.name} has no default export`)
      return { default: App }
    })
    components.set(def.name, c)
  }
  return c
}

export const isRegistered = (name: string) => registered.has(name)
