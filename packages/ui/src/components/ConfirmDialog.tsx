/** A yes/no question before something that cannot be undone. */
import { useState, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  /** may be async: the dialog waits and shows a spinner */
  onConfirm: () => unknown
  onClose: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await props.onConfirm()
      props.onClose()
    } catch {
      // the caller has shown the error; keep the dialog so the user can retry or cancel
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          {props.children && <DialogContent>{props.children}</DialogContent>}
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
              {props.cancelLabel ?? t('kit.no')}
            </Button>
            <Button
              appearance="primary"
              onClick={confirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {props.confirmLabel ?? t('kit.yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
