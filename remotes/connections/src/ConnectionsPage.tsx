/**
 * /connections (spec 2 §2): the company's connections, live. Admins get the
 * add menu (channels the plan allows), restart, session buttons, edit and
 * delete; everyone sees status, health and last update.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { Button } from '@fluentui/react-components'
import { ArrowSyncRegular, HeadsetRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, isAdmin, realtime, toastError, toasts, userAtom, Page } from '@balcao/ui'
import type { Channel, Connection } from './types.js'
import { useConnections } from './useConnections.js'
import { ConnectionsTable } from './ConnectionsTable.js'
import { ConnectionDialog } from './ConnectionDialog.js'
import { QrDialog } from './QrDialog.js'
import { useSessionActions } from './useSessionActions.js'
import type { ImportProgress } from './SessionCell.js'
import { useChannels } from './useChannels.js'
import { AddConnectionMenu } from './AddConnectionMenu.js'
import { DeleteConnectionDialog } from './DeleteConnectionDialog.js'

export default function ConnectionsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const companyId = me?.company.id ?? null
  // the channels the plan offers, from their manifests (GET /modules)
  const channels = useChannels()
  const [editing, setEditing] = useState<{ connection: Connection | null; channel: Channel } | null>(null)
  const [deleting, setDeleting] = useState<Connection | null>(null)
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  const [restarting, setRestarting] = useState(false)

  const load = useCallback(() => api.get<Connection[]>('/whatsapp'), [])
  const list = useConnections(load, companyId)
  const { reload, upsert, remove } = list
  const session = useSessionActions(upsert)

  // history import progress and the refresh that ends it (spec 2 §4)
  useEffect(() => {
    if (companyId === null) return
    const offs = [
      realtime.on(`importMessages-${companyId}`, (m) => {
        if (m.action === 'update' && m.status) setProgress(m.status as ImportProgress)
        if (m.action === 'refresh') {
          setProgress(null)
          void reload()
        }
      }),
      // a connection that went down is announced by the shell on every page (ConnectionAlerts)
    ]
    return () => offs.forEach((off) => off())
  }, [companyId, reload, t])

  // the import event names no connection: it belongs to the one importing
  const importing = list.items.filter(
    (c) => c.statusImportMessages && c.statusImportMessages !== 'renderButtonCloseTickets'
  )
  const progressById: Record<number, ImportProgress> = {}
  if (progress) for (const c of importing) progressById[c.id] = progress

  const restartAll = async () => {
    setRestarting(true)
    try {
      await api.post('/whatsapp-restart')
      toasts.success(t('connections.restarted'))
    } catch (e) {
      toastError(e)
    } finally {
      setRestarting(false)
    }
  }

  const actions = admin ? (
    <>
      <Button icon={<ArrowSyncRegular />} onClick={restartAll} disabled={restarting} data-testid="restart-connections">
        {t('connections.restart')}
      </Button>
      <Button icon={<HeadsetRegular />} onClick={() => navigate('/helps')} data-testid="call-support">
        {t('connections.support')}
      </Button>
      <AddConnectionMenu
        channels={channels}
        onAdd={(channel) => setEditing({ connection: null, channel })}
        onConnected={list.reload}
      />
    </>
  ) : null

  return (
    <Page title={t('connections.title')} count={list.items.length} actions={actions}>
      <ConnectionsTable
        items={list.items}
        admin={admin}
        loading={list.loading}
        error={list.error}
        onRetry={reload}
        actions={session.actions}
        progress={progressById}
        qrLogin={(name) => channels.find((ch) => ch.name === name)?.qrLogin ?? true}
        onEdit={admin ? (c) => setEditing({ connection: c, channel: c.channel }) : undefined}
        onDelete={admin ? setDeleting : undefined}
      />
      {editing && (
        <ConnectionDialog
          connection={editing.connection}
          channel={editing.channel}
          scheduleType={me?.company.companieSettings?.scheduleType}
          onClose={() => setEditing(null)}
          onSaved={(c) => {
            const isNew = !editing.connection
            upsert(c)
            setEditing(null)
            // a new WhatsApp connection starts at once: show its QR as it comes
            if (isNew && c.channel === 'whatsapp') session.actions.showQr(c)
          }}
        />
      )}
      {session.qrFor && <QrDialog connection={session.qrFor} onClose={session.closeQr} />}
      {session.confirm}
      <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} onDeleted={remove} />
    </Page>
  )
}
