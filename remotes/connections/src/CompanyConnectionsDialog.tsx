/**
 * One company's connections for the super user (GET /whatsapp-admin/{id}):
 * the connections table with the editor (PUT /whatsapp-admin/{id}). Session
 * commands and deletion act on the caller's own company on the server, so
 * they are not offered here.
 */
import { useCallback, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api } from '@balcao/ui'
import type { CompanyCount, Connection } from './types.js'
import { useConnections } from './useConnections.js'
import { ConnectionsTable } from './ConnectionsTable.js'
import { ConnectionDialog } from './ConnectionDialog.js'

export function CompanyConnectionsDialog(props: { company: CompanyCount; onClose: () => void }) {
  const { t } = useTranslation()
  const id = props.company.companyId
  const load = useCallback(() => api.get<Connection[]>(`/whatsapp-admin/${id}`, { session: 0 }), [id])
  const list = useConnections(load, id)
  const [editing, setEditing] = useState<Connection | null>(null)

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !editing && props.onClose()}>
      <DialogSurface style={{ maxWidth: '1100px', width: '95vw' }} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('connections.all.companyTitle', { name: props.company.name })}</DialogTitle>
          <DialogContent>
            <ConnectionsTable
              items={list.items}
              admin
              loading={list.loading}
              error={list.error}
              onRetry={list.reload}
              onEdit={setEditing}
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
            connection={editing}
            saveUrl={`/whatsapp-admin/${editing.id}`}
            onClose={() => setEditing(null)}
            onSaved={(c) => {
              list.upsert(c)
              setEditing(null)
            }}
          />
        )}
      </DialogSurface>
    </Dialog>
  )
}
