/**
 * "Close all" (admins): confirms, then closes every open (or, from the Pending
 * tab, pending) ticket of the selected queues, or of every queue offered when
 * none is selected.
 */
import { useTranslation } from 'react-i18next'
import { api, ConfirmDialog, toastError, toasts } from '@balcao/ui'
import { closeAllBody, closeAllStatus, type Tabbed } from './listView.js'

export function CloseAllDialog(props: {
  open: boolean
  onClose: () => void
  tab: Tabbed
  queueIds: number[]
  offered: { id: number }[]
}) {
  const { t } = useTranslation()

  const closeAllTickets = async () => {
    try {
      const r = await api.post<{ closed: number }>('/tickets/closeAll', closeAllBody(props.tab, props.queueIds, props.offered))
      toasts.success(t('inbox.workspace.closedAll', { count: r.closed }))
    } catch (e) {
      toastError(e)
      throw e
    }
  }

  return (
    <ConfirmDialog
      open={props.open}
      title={t('inbox.workspace.closeAllTitle')}
      onClose={props.onClose}
      onConfirm={closeAllTickets}
    >
      {t('inbox.workspace.closeAllText', { status: t(`inbox.workspace.tabs.${closeAllStatus(props.tab)}`) })}
    </ConfirmDialog>
  )
}
