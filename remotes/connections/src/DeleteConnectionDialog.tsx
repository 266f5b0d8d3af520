/**
 * Deleting a connection, after a confirmation (DELETE /whatsapp/:id): on the
 * connections page and in the super user's company dialog, where the server
 * finds the connection in its own company.
 */
import { useTranslation } from 'react-i18next'
import { api, toastError, toasts, ConfirmDialog } from '@balcao/ui'
import type { Connection } from './types.js'

export function DeleteConnectionDialog(props: {
  connection: Connection | null
  onClose: () => void
  onDeleted: (id: number) => void
}) {
  const { t } = useTranslation()
  const c = props.connection
  return (
    <ConfirmDialog
      open={!!c}
      title={t('connections.deleteTitle', { name: c?.name })}
      onClose={props.onClose}
      onConfirm={async () => {
        if (!c) return
        try {
          await api.delete(`/whatsapp/${c.id}`)
          props.onDeleted(c.id)
          toasts.success(t('connections.deleted'))
        } catch (e) {
          toastError(e)
          throw e
        }
      }}
    >
      {t('connections.deleteWarning')}
    </ConfirmDialog>
  )
}
