/**
 * New-version toast (spec 1 §8): the version seen at start is compared with
 * GET /version every few minutes and whenever the tab becomes visible again.
 */
import { useEffect } from 'react'
import i18next from 'i18next'
import { api, toasts } from '@balcao/ui/core'

export const VERSION_POLL_MS = 5 * 60_000

export function useVersionCheck(onVersion: (v: string) => void) {
  useEffect(() => {
    let first: string | null = null
    let told = false
    const check = async () => {
      try {
        const { version } = await api.get<{ version: string }>('/version')
        if (first === null) {
          first = version
          onVersion(version)
        } else if (version !== first && !told) {
          told = true
          toasts.info(i18next.t('session.newVersion'), {
            timeout: 60_000,
            action: { label: i18next.t('session.reload'), run: () => location.reload() },
          })
        }
      } catch {
        // offline or server restarting: try again later
      }
    }
    void check()
    const id = setInterval(check, VERSION_POLL_MS)
    const onVisible = () => document.visibilityState === 'visible' && void check()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(id)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [onVersion])
}
