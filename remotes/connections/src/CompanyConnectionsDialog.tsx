/**
 * One company's connections for the super user (spec 3 §2): what the
 * connections page offers that company's admins, in a dialog. The add menu
 * lists the channels of that company's plan (GET /whatsapp-admin/{id}/channels,
 * which also gives its scheduleType for the editor's schedules tab); a new
 * connection is created in that company (POST /whatsapp with companyId, under
 * its plan's flags and connections limit), edited through PUT
 * /whatsapp-admin/{id}, deleted (DELETE /whatsapp/{id}), and its session
 * commanded (retry, new QR, disconnect, the QR dialog): the server accepts these
 * routes from the super user for any company's connection
 * (modules/connections/services/acting_company.ts). The super user hears no
 * events of other companies, so the list and the QR dialog read again while open.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, type QueueRef } from '@balcao/ui'
import type { Channel, ChannelDef, CompanyCount, Connection } from './types.js'
import { useConnections } from './useConnections.js'
import { ConnectionsTable } from './ConnectionsTable.js'
import { ConnectionDialog } from './ConnectionDialog.js'
import { QrDialog } from './QrDialog.js'
import { useSessionActions } from './useSessionActions.js'
import { AddConnectionMenu } from './AddConnectionMenu.js'
import { DeleteConnectionDialog } from './DeleteConnectionDialog.js'

/** how often the open dialog reads the company's connections again */
const REFRESH_MS = 5000

const useStyles = makeStyles({
  // wide enough for the connections table's columns with room for the names
  surface: { maxWidth: '1240px', width: '95vw' },
  toolbar: { display: 'flex', justifyContent: 'flex-end', gap: '8px', marginBottom: '8px' },
})

interface CompanySetup {
  channels: ChannelDef[]
  scheduleType?: string
  queues?: QueueRef[]
}

export function CompanyConnectionsDialog(props: { company: CompanyCount; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const id = props.company.companyId
  const load = useCallback(() => api.get<Connection[]>(`/whatsapp-admin/${id}`, { session: 0 }), [id])
  const list = useConnections(load, id)
  const { refresh, upsert, remove } = list
  const session = useSessionActions(upsert, { foreign: true })
  const [setup, setSetup] = useState<CompanySetup>({ channels: [] })
  const [editing, setEditing] = useState<{ connection: Connection | null; channel: Channel } | null>(null)
  const [deleting, setDeleting] = useState<Connection | null>(null)

  // the channels of this company's plan, not the super user's own
  useEffect(() => {
    let alive = true
    api
      .get<CompanySetup>(`/whatsapp-admin/${id}/channels`)
      .then(
        (r) =>
          alive &&
          setSetup({
            channels: Array.isArray(r?.channels) ? r.channels : [],
            scheduleType: r?.scheduleType,
            queues: Array.isArray(r?.queues) ? r.queues : [],
          })
      )
      .catch(() => alive && setSetup({ channels: [] }))
    return () => {
      alive = false
    }
  }, [id])

  // statuses move on the server (OPENING, qrcode, CONNECTED): read them again while the dialog is open
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [refresh])

  const busy = Boolean(editing || deleting || session.qrFor)
  const closeQr = () => {
    session.closeQr()
    void refresh()
  }

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface className={styles.surface} aria-describedby={undefined} data-testid="company-connections">
        <DialogBody>
          <DialogTitle>{t('connections.all.companyTitle', { name: props.company.name })}</DialogTitle>
          <DialogContent>
            <div className={styles.toolbar}>
              <AddConnectionMenu
                channels={setup.channels}
                onAdd={(channel) => setEditing({ connection: null, channel })}
              />
            </div>
            <ConnectionsTable
              items={list.items}
              admin
              loading={list.loading}
              error={list.error}
              onRetry={list.reload}
              actions={session.actions}
              onEdit={(c) => setEditing({ connection: c, channel: c.channel })}
              onDelete={setDeleting}
            />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose}>
              {t('connections.close')}
            </Button>
          </DialogActions>
        </DialogBody>
        {editing && (
          <ConnectionDialog
            connection={editing.connection}
            channel={editing.channel}
            channels={setup.channels}
            scheduleType={setup.scheduleType}
            queues={setup.queues}
            companyId={editing.connection ? undefined : id}
            saveUrl={editing.connection ? `/whatsapp-admin/${editing.connection.id}` : undefined}
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
        {session.qrFor && <QrDialog connection={session.qrFor} onClose={closeQr} poll />}
        {session.confirm}
        <DeleteConnectionDialog connection={deleting} onClose={() => setDeleting(null)} onDeleted={remove} />
      </DialogSurface>
    </Dialog>
  )
}
