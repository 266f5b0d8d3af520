/** Notification volume (0 to 1, step 0.1), kept in localStorage (spec 1 §2). */
import { atom } from 'jotai'

export const VOLUME_KEY = 'volume'

function stored(): number {
  try {
    const v = Number(localStorage.getItem(VOLUME_KEY))
    return localStorage.getItem(VOLUME_KEY) !== null && v >= 0 && v <= 1 ? v : 1
  } catch {
    return 1
  }
}

export const volumeAtom = atom(stored())

export function persistVolume(v: number) {
  const rounded = Math.round(v * 10) / 10
  try {
    localStorage.setItem(VOLUME_KEY, String(rounded))
  } catch {
    // not persisted
  }
  return rounded
}

export const currentVolume = stored
