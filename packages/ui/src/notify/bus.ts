/**
 * Toasts go through one bus so that any code (the API layer, a remote, a page
 * without Fluent loaded) can raise one; the shell mounts the renderer.
 */
import { singleton } from '../singleton.js'

export type ToastIntent = 'success' | 'error' | 'warning' | 'info'

export interface ToastMessage {
  id: number
  intent: ToastIntent
  text: string
  /** ms; 2000 by default (spec 1 §9), 3000 on the spec-3 screens */
  timeout: number
  action?: { label: string; run: () => void }
}

type Listener = (t: ToastMessage) => void

export const DEFAULT_TOAST_MS = 2000
export const LONG_TOAST_MS = 3000

class ToastBus {
  #listeners = new Set<Listener>()
  /** raised while no renderer was mounted (e.g. between the login page and the app layout) */
  #pending: { t: ToastMessage; at: number }[] = []
  #seq = 0
  subscribe(l: Listener) {
    this.#listeners.add(l)
    const now = Date.now()
    const pending = this.#pending.filter((p) => now - p.at < p.t.timeout)
    this.#pending = []
    for (const p of pending) l(p.t)
    return () => void this.#listeners.delete(l)
  }
  show(intent: ToastIntent, text: string, options: { timeout?: number; action?: ToastMessage['action'] } = {}) {
    const t: ToastMessage = {
      id: ++this.#seq,
      intent,
      text,
      timeout: options.timeout ?? DEFAULT_TOAST_MS,
      action: options.action,
    }
    if (this.#listeners.size === 0) this.#pending = [...this.#pending.slice(-4), { t, at: Date.now() }]
    for (const l of this.#listeners) l(t)
    return t.id
  }
}

const bus: ToastBus = singleton('toasts', () => new ToastBus())

export const toasts = {
  subscribe: (l: Listener) => bus.subscribe(l),
  success: (text: string, timeout?: number) => bus.show('success', text, { timeout }),
  error: (text: string, timeout?: number) => bus.show('error', text, { timeout }),
  warning: (text: string, timeout?: number) => bus.show('warning', text, { timeout }),
  info: (text: string, options?: { timeout?: number; action?: ToastMessage['action'] }) =>
    bus.show('info', text, options),
}
