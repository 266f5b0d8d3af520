/**
 * A connection that was up went down (a WhatsApp session dropped, a Meta token
 * expired or was revoked): the company's admins are told at once on whatever
 * page they are (an expired or revoked token said as such). The side menu's badge keeps the state after
 * the toast is gone. Mounted by the layout while the menu has the connections page.
 */
import { useEffect } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { realtime, toasts, userAtom } from '@balcao/ui'

const ALERT_MS = 10_000

export function ConnectionAlerts({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const companyId = me?.company.id ?? null
  useEffect(() => {
    if (!enabled || companyId === null) return
    return realtime.on(`company-${companyId}-whatsappHealth`, (m) => {
      if (m.action !== 'alert') return
      const name = String(m.name ?? '')
      // the reason itself is the provider's (English) text: the health popover shows it; the toast says what it means
      const token = typeof m.reason === 'string' && m.reason.startsWith('token')
      toasts.warning(t(token ? 'layout.connectionDownToken' : 'layout.connectionDown', { name }), ALERT_MS)
    })
  }, [enabled, companyId, t])
  return null
}
