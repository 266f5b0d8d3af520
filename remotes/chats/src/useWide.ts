import { useSyncExternalStore } from 'react'
import { WIDE_LAYOUT } from './types.js'

/** True from md up: list and messages side by side (spec 3 §2). */
export function useWide() {
  return useSyncExternalStore(
    (notify) => {
      const mq = matchMedia(WIDE_LAYOUT)
      mq.addEventListener('change', notify)
      return () => mq.removeEventListener('change', notify)
    },
    () => matchMedia(WIDE_LAYOUT).matches
  )
}
