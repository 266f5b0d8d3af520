/**
 * The session commands of a row (spec 2 §7): retry (POST /whatsappsession),
 * new QR (PUT, then the QR dialog opens), disconnect (DELETE, after a
 * confirmation) and close imported tickets (POST /closedimported). The super
 * user's company dialog (`foreign`) has the session commands, which the server
 * accepts for any company's connection from the super user, but not the import's.
 */
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, toastError, toasts, ConfirmDialog } from '@balcao/ui'
import type { Connection } from './types.js'
import type { SessionActions } from './SessionCell.js'

export function useSessionActions(upsert: (c: Connection) => void, options: { foreign?: boolean } = {}) {
  const foreign = Boolean(options.foreign)
  const { t } = useTranslation()
  const [qrFor, setQrFor] = useState<Connection | null>(null)
  const [disconnecting, setDisconnecting] = useState<Connection | null>(null)

  const call = useCallback(
    async (method: 'post' | 'put', path: string) => {
      try {
        const c = await api[method]<Connection>(path)
        if (c?.id) upsert(c)
        return c
      } catch (e) {
        toastError(e)
        return null
      }
    },
    [upsert]
  )

  const actions: SessionActions = useMemo(
    () => ({
      showQr: (c) => setQrFor(c),
      retry: async (c) => {
        await call('post', `/whatsappsession/${c.id}`)
      },
      newQr: async (c) => {
        const fresh = await call('put', `/whatsappsession/${c.id}`)
        if (fresh) setQrFor(fresh)
      },
      disconnect: (c) => setDisconnecting(c),
      closeImported: foreign
        ? undefined
        : async (c) => {
            try {
              await api.post(`/closedimported/${c.id}`)
              upsert({ ...c, statusImportMessages: null })
              toasts.success(t('connections.import.closed'))
            } catch (e) {
              toastError(e)
            }
          },
    }),
    [call, upsert, t, foreign]
  )

  const closeQr = useCallback(() => setQrFor(null), [])

  const confirm = (
    <ConfirmDialog
      open={!!disconnecting}
      title={t('connections.disconnectTitle', { name: disconnecting?.name })}
      confirmLabel={t('connections.session.disconnect')}
      onClose={() => setDisconnecting(null)}
      onConfirm={async () => {
        if (!disconnecting) return
        try {
          const c = await api.delete<Connection>(`/whatsappsession/${disconnecting.id}`)
          if (c?.id) upsert(c)
        } catch (e) {
          toastError(e)
          throw e
        }
      }}
    >
      {t('connections.disconnectWarning')}
    </ConfirmDialog>
  )

  return { actions, qrFor, closeQr, confirm }
}
