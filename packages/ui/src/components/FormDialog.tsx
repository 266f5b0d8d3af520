/** A modal form: title, fields, cancel and save (save waits for the async submit). */
import { useState, type FormEvent, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '4px' },
})

export interface FormDialogProps {
  open: boolean
  title: ReactNode
  children: ReactNode
  onSubmit: () => unknown
  onClose: () => void
  submitLabel?: string
  /** wider surface for tabbed forms */
  wide?: boolean
}

export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      await props.onSubmit()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface style={{ maxWidth: props.wide ? '720px' : '520px' }} aria-describedby={undefined}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent className={styles.content}>{props.children}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
                {t('kit.cancel')}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={busy}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {props.submitLabel ?? t('kit.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
