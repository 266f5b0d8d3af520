/** Under 600 px the workspace shows the list and the chat as two tabs (spec 1 §9). */
import { useSyncExternalStore } from 'react'

const SMALL_SCREEN = '(max-width: 599px)'

export function useSmallScreen() {
  return useSyncExternalStore(
    (notify) => {
      const mq = matchMedia(SMALL_SCREEN)
      mq.addEventListener('change', notify)
      return () => mq.removeEventListener('change', notify)
    },
    () => matchMedia(SMALL_SCREEN).matches
  )
}
