/** Keyboard shortcuts and palette actions: the registry and its React hooks. */
export {
  shortcuts,
  ShortcutRegistry,
  comboKeys,
  matchesCombo,
  parseCombo,
  type HandleContext,
  type KeyPress,
  type ShortcutAction,
  type ShortcutGroup,
} from './registry.js'
export { useShortcut, useShortcutList } from './useShortcut.js'
export { shortcutTexts } from './texts.js'
