/** The ticket's history (GET /tickets-log/{id}), newest first. */
import { useEffect, useState } from 'react'
import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, formatDateTime, toastError } from '@balcao/ui'
import type { TicketLogEntry } from '../types.js'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', maxHeight: '60vh', overflowY: 'auto' },
  row: {
    display: 'flex',
    flexDirection: 'column',
    paddingLeft: '10px',
    borderLeft: `3px solid ${tokens.colorBrandStroke1}`,
  },
})

export function TicketLogDialog({ ticketId, open, onClose }: { ticketId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [rows, setRows] = useState<TicketLogEntry[] | null>(null)
  useEffect(() => {
    if (!open) return
    setRows(null)
    api
      .get<TicketLogEntry[]>(`/tickets-log/${ticketId}`)
      .then(setRows)
      .catch((e) => {
        toastError(e)
        setRows([])
      })
  }, [open, ticketId])
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="ticket-log-dialog">
        <DialogBody>
          <DialogTitle>{t('inbox.actions.logTitle', { id: ticketId })}</DialogTitle>
          <DialogContent>
            {rows === null ? (
              <Spinner size="small" />
            ) : rows.length === 0 ? (
              <Body1>{t('inbox.actions.logEmpty')}</Body1>
            ) : (
              <div className={styles.list}>
                {rows.map((r) => (
                  <div key={r.id} className={styles.row}>
                    <Body1>
                      {t(`inbox.actions.log.${r.type}`, { defaultValue: r.type })}
                      {r.user ? ` · ${r.user.name}` : ''}
                      {r.queue ? ` · ${r.queue.name}` : ''}
                    </Body1>
                    <Caption1>{formatDateTime(r.createdAt)}</Caption1>
                  </div>
                ))}
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('inbox.actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
