/**
 * The page's keyboard shortcuts and palette actions (a kit singleton): the
 * shell registers the global ones (palette, cheat sheet), a remote registers
 * the actions of what is on screen (the open ticket's accept and resolve, the
 * next ticket of the list) while it is mounted. The shell owns the one keydown
 * listener and hands every key press to `handle`; the palette and the cheat
 * sheet read `list`. Pure (no DOM access) so it is unit-tested in Node.
 */
import { singleton } from '../singleton.js'

export type ShortcutGroup = 'general' | 'navigation' | 'ticket'

export interface ShortcutAction {
  /** stable id, e.g. 'inbox.ticket.accept' */
  id: string
  /** one combination, e.g. 'alt+j', 'mod+k' (Ctrl, or ⌘ on a Mac), 'escape', '?'; none: palette only */
  keys?: string
  /** already translated */
  label: string
  group?: ShortcutGroup
  run: () => void
  /** also fires while the focus is in a text field (only Esc and Ctrl/⌘+K should) */
  whileTyping?: boolean
  /** offered in the command palette (default true) */
  palette?: boolean
}

/** The part of a KeyboardEvent the registry reads. */
export interface KeyPress {
  key: string
  code?: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  defaultPrevented?: boolean
  isComposing?: boolean
}

export interface HandleContext {
  /** the focus is in an input, textarea, select or editable element */
  typing: boolean
  /** a dialog, drawer or menu is open: the keys belong to it */
  overlayOpen?: boolean
}

interface Combo {
  key: string
  alt: boolean
  ctrl: boolean
  meta: boolean
  shift: boolean
  mod: boolean
}

const ALIASES: Record<string, string> = { esc: 'escape', return: 'enter', space: ' ' }

export function parseCombo(combo: string): Combo {
  const parts = combo.toLowerCase().split('+')
  // 'shift++' or a bare '+' names the plus key
  const last = combo.endsWith('+') && parts.at(-1) === '' ? '+' : (parts.pop() ?? '')
  const mods = new Set(parts.filter(Boolean))
  return {
    key: ALIASES[last] ?? last,
    alt: mods.has('alt'),
    ctrl: mods.has('ctrl'),
    meta: mods.has('meta'),
    shift: mods.has('shift'),
    mod: mods.has('mod'),
  }
}

/** The key pressed, as a combination names it: letters from the physical key (Alt+J on a Mac types '∆'). */
function pressedKey(e: KeyPress) {
  if (e.code && /^Key[A-Z]$/.test(e.code)) return e.code.slice(3).toLowerCase()
  if (e.code && /^Digit\d$/.test(e.code)) return e.code.slice(5)
  return e.key.toLowerCase()
}

export function matchesCombo(e: KeyPress, combo: string | Combo): boolean {
  const c = typeof combo === 'string' ? parseCombo(combo) : combo
  const letter = /^[a-z0-9]$/.test(c.key) || c.key.length > 1
  // a symbol ('?', '/') is whatever the layout needs Shift for: compare the character, ignore Shift
  if (!letter) {
    if (e.key !== c.key) return false
    return e.altKey === c.alt && e.ctrlKey === c.ctrl && e.metaKey === c.meta
  }
  if (pressedKey(e) !== c.key) return false
  if (e.shiftKey !== c.shift || e.altKey !== c.alt) return false
  // mod: Ctrl or ⌘, either one (a Windows keyboard on a Mac, a Mac user on Linux)
  if (c.mod) return (e.ctrlKey || e.metaKey) && !(e.ctrlKey && e.metaKey)
  return e.ctrlKey === c.ctrl && e.metaKey === c.meta
}

/** The keys to draw for a combination, e.g. 'mod+k' → ['Ctrl', 'K'] (['⌘', 'K'] on a Mac). */
export function comboKeys(combo: string, mac = false): string[] {
  const c = parseCombo(combo)
  const names: Record<string, string> = {
    'escape': 'Esc',
    'enter': 'Enter',
    ' ': 'Space',
    'arrowup': '↑',
    'arrowdown': '↓',
  }
  const out: string[] = []
  if (c.mod) out.push(mac ? '⌘' : 'Ctrl')
  if (c.ctrl) out.push('Ctrl')
  if (c.meta) out.push(mac ? '⌘' : 'Meta')
  if (c.alt) out.push(mac ? '⌥' : 'Alt')
  if (c.shift) out.push('Shift')
  out.push(names[c.key] ?? (c.key.length === 1 ? c.key.toUpperCase() : c.key))
  return out
}

type Entry = { token: number; action: ShortcutAction; combo: Combo | null }

export class ShortcutRegistry {
  #entries: Entry[] = []
  #next = 1
  #listeners = new Set<() => void>()
  #snapshot: ShortcutAction[] = []

  /** Adds an action; the function given back removes it. The latest registration of a key wins. */
  register(action: ShortcutAction): () => void {
    const token = this.#next++
    this.#entries.push({ token, action, combo: action.keys ? parseCombo(action.keys) : null })
    this.#changed()
    return () => {
      const before = this.#entries.length
      this.#entries = this.#entries.filter((e) => e.token !== token)
      if (this.#entries.length !== before) this.#changed()
    }
  }

  /** Every action now registered, one per id (the latest), in registration order. */
  list(): ShortcutAction[] {
    return this.#snapshot
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /**
   * Runs the action bound to the key press, if any may fire now; true when one
   * ran (the caller then prevents the browser's own handling).
   */
  handle(e: KeyPress, ctx: HandleContext): boolean {
    if (e.defaultPrevented || e.isComposing) return false
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const { action, combo } = this.#entries[i]
      if (!combo || !matchesCombo(e, combo)) continue
      if (ctx.typing && !action.whileTyping) return false
      // a dialog or menu owns the keyboard (its Esc, its arrows); only Ctrl/⌘+K reaches past it
      if (ctx.overlayOpen && !action.whileTyping) return false
      action.run()
      return true
    }
    return false
  }

  #changed() {
    const byId = new Map<string, ShortcutAction>()
    for (const { action } of this.#entries) {
      byId.delete(action.id)
      byId.set(action.id, action)
    }
    this.#snapshot = [...byId.values()]
    for (const l of this.#listeners) l()
  }
}

/** The page's registry (shared by the shell and every remote). */
export const shortcuts = singleton('shortcuts', () => new ShortcutRegistry())
