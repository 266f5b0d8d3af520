/**
 * Light or dark (spec 3 "Theme"): the stored preferredTheme when the user chose
 * one, otherwise the system setting, followed live.
 */
import { atom } from 'jotai'

export type ThemeName = 'light' | 'dark'
export const THEME_KEY = 'preferredTheme'

const systemDark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches

export function storedTheme(): ThemeName | null {
  try {
    const v = localStorage.getItem(THEME_KEY)
    return v === 'light' || v === 'dark' ? v : null
  } catch {
    return null
  }
}

export function initialTheme(): ThemeName {
  return storedTheme() ?? (systemDark() ? 'dark' : 'light')
}

export const themeAtom = atom<ThemeName>(initialTheme())

/** Reflects the theme on <html> for the CSS of the pages that do not use Fluent (login, sign-up). */
export function paintTheme(theme: ThemeName) {
  document.documentElement.dataset.theme = theme
  document.documentElement.style.colorScheme = theme
}

export function persistTheme(theme: ThemeName) {
  try {
    localStorage.setItem(THEME_KEY, theme)
  } catch {
    // not persisted
  }
}

/** Calls back when the system theme changes and the user has not chosen one. */
export function watchSystemTheme(onChange: (t: ThemeName) => void) {
  if (typeof matchMedia !== 'function') return () => {}
  const mq = matchMedia('(prefers-color-scheme: dark)')
  const handler = () => {
    if (!storedTheme()) onChange(mq.matches ? 'dark' : 'light')
  }
  mq.addEventListener('change', handler)
  return () => mq.removeEventListener('change', handler)
}
