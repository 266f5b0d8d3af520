/**
 * Route embeds: one remote shows a piece of another module's screen without
 * importing it (the ticket's schedule action opens the schedules module's
 * dialog). The shell, which owns the manifest and the federation runtime,
 * registers how to load the remote serving a route; a caller asks for that
 * route's component and renders it with `embed` props the serving remote
 * understands. A route no enabled module serves gives null: the caller keeps
 * its own fallback. One registry per page (a kit singleton).
 */
import type { ComponentType } from 'react'
import { singleton } from '../singleton.js'

/** What an embedded remote receives: its route, and what the caller asks of it. */
export interface RouteEmbedProps<E extends object = Record<string, unknown>> {
  route: string
  embed: E & { onClose: () => void }
}

export type EmbedLoader = (route: string) => ComponentType<RouteEmbedProps<any>> | null

const state = singleton('routeEmbeds', () => ({ loader: null as EmbedLoader | null }))

export const routeEmbeds = {
  /** the shell: how to load the remote of a route the user may open (null when none) */
  setLoader(loader: EmbedLoader | null) {
    state.loader = loader
  },
  /** the component of the remote serving the route, or null (module off, or no shell) */
  component(route: string): ComponentType<RouteEmbedProps<any>> | null {
    return state.loader?.(route) ?? null
  },
}
