/** What the page's one keydown listener needs to know about the page. */

const TEXT_INPUTS = new Set([
  'text',
  'search',
  'email',
  'password',
  'number',
  'tel',
  'url',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
])

/** The focus is somewhere the user types: then only Esc and Ctrl/⌘+K are shortcuts. */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (el.isContentEditable) return true
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.has(el.type)
  // a combobox or spin button typed into (Fluent's Combobox, SpinButton)
  const role = el.getAttribute('role')
  return role === 'combobox' || role === 'spinbutton' || role === 'textbox'
}

/** A dialog, drawer, menu or list popup is open: Esc is theirs, not the page's. */
export function overlayOpen(): boolean {
  return Boolean(
    document.querySelector('[role=dialog], [role=alertdialog], [role=menu], [role=listbox], .fui-PopoverSurface')
  )
}

export function isMac() {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
}
