/**
 * Extension points. Several plugins contribute to an ExtensionPoint (the
 * conversation hooks: the engine, bots, campaign confirmations, …); its
 * contributors run in plugin order (each plugin after the plugins its manifest
 * `dependsOn`, core/plugins.ts). A SingleSlot has exactly one owner (the
 * inbox's inbound processor, the outbox handlers): a second registration is a
 * boot error instead of silently replacing the first.
 */
import { pluginOrder } from '../plugins.js'

function rank(plugin: string) {
  const i = pluginOrder.indexOf(plugin)
  return i === -1 ? Number.MAX_SAFE_INTEGER : i
}

export class ExtensionPoint<T> {
  #contributions: { plugin: string; contributor: T; seq: number }[] = []
  #seq = 0
  #sorted: T[] | null = null

  constructor(readonly name: string) {}

  /** Adds the plugin's contributor; one per plugin and extension point. */
  add(plugin: string, contributor: T) {
    if (this.#contributions.some((c) => c.plugin === plugin)) {
      throw new Error(`Plugin "${plugin}" already contributes to the extension point "${this.name}"`)
    }
    this.#contributions.push({ plugin, contributor, seq: this.#seq++ })
    this.#sorted = null
  }

  /** Withdraws a plugin's contributor (tests). */
  remove(plugin: string) {
    this.#contributions = this.#contributions.filter((c) => c.plugin !== plugin)
    this.#sorted = null
  }

  /** The contributors in plugin order (registration order for plugins outside the loader, e.g. tests). */
  list(): readonly T[] {
    this.#sorted ??= [...this.#contributions]
      .sort((a, b) => rank(a.plugin) - rank(b.plugin) || a.seq - b.seq)
      .map((c) => c.contributor)
    return this.#sorted
  }

  get size() {
    return this.#contributions.length
  }
}

export class SingleSlot<T> {
  #owner: string | null = null
  #value: T | null = null

  constructor(readonly name: string) {}

  /** Registers the one implementation; a second registration throws. */
  set(owner: string, value: T) {
    if (this.#owner !== null) {
      throw new Error(
        `"${this.name}" is already registered by plugin "${this.#owner}"; plugin "${owner}" cannot replace it`
      )
    }
    this.#owner = owner
    this.#value = value
  }

  /** The implementation (throws when no plugin registered one). */
  get(): T {
    if (this.#value === null) throw new Error(`No ${this.name} registered`)
    return this.#value
  }

  get registered() {
    return this.#value !== null
  }

  get owner() {
    return this.#owner
  }
}
