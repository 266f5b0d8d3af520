import { useSyncExternalStore } from 'react'

/** True while the media query matches (spec breakpoint: 600 px). */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (notify) => {
      const mq = matchMedia(query)
      mq.addEventListener('change', notify)
      return () => mq.removeEventListener('change', notify)
    },
    () => matchMedia(query).matches
  )
}

export const SMALL_SCREEN = '(max-width: 599px)'
export const WIDE_SCREEN = '(min-width: 960px)'
