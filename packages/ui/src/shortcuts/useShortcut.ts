/**
 * Registers an action while the component is mounted (and `action` is not
 * null). The latest `run` is always called, so a closure over fresh state
 * never re-registers; a change of id, keys or label does.
 */
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react'
import { shortcuts, type ShortcutAction } from './registry.js'

export function useShortcut(action: ShortcutAction | null | false) {
  const run = useRef<() => void>(() => {})
  run.current = action ? action.run : () => {}
  const on = Boolean(action)
  const id = action ? action.id : ''
  const keys = action ? action.keys : undefined
  const label = action ? action.label : ''
  const group = action ? action.group : undefined
  const whileTyping = action ? action.whileTyping : undefined
  const palette = action ? action.palette : undefined
  // before paint: a key pressed as soon as the screen shows its action finds it registered
  useLayoutEffect(() => {
    if (!on) return
    return shortcuts.register({ id, keys, label, group, whileTyping, palette, run: () => run.current() })
  }, [on, id, keys, label, group, whileTyping, palette])
}

/** The registered actions, kept current (the palette and the cheat sheet). */
export function useShortcutList(): ShortcutAction[] {
  return useSyncExternalStore(
    (l) => shortcuts.subscribe(l),
    () => shortcuts.list()
  )
}
