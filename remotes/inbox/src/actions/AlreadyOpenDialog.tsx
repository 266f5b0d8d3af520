/** 'Ticket already open' (spec 1 §4): who holds the contact's live ticket, and in which queue. */
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
import type { ConflictTicket } from '../types.js'

export function AlreadyOpenDialog({ ticket, onClose }: { ticket: ConflictTicket | 'unknown' | null; onClose: () => void }) {
  const { t } = useTranslation()
  const known = ticket && ticket !== 'unknown' ? ticket : null
  return (
    <Dialog open={!!ticket} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="already-open-dialog">
        <DialogBody>
          <DialogTitle>{t('inbox.actions.alreadyOpenTitle')}</DialogTitle>
          <DialogContent>
            {known
              ? t('inbox.actions.alreadyOpenText', {
                  user: known.user?.name ?? t('inbox.actions.nobody'),
                  queue: known.queue?.name ?? t('inbox.actions.noQueue'),
                })
              : t('inbox.actions.alreadyOpenUnknown')}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('inbox.actions.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
