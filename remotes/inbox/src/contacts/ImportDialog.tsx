/**
 * Contact import (spec 2 §5, §7): an xlsx sheet goes to POST /contacts/upload;
 * the server reports progress to this user (company-{id}-contactImport) and
 * answers one result per row, shown here (created, already exists, invalid).
 */
import { useEffect, useRef, useState } from 'react'
import {
  Badge,
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowUploadRegular, DocumentTableRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, ApiError, realtime, toastError } from '@balcao/ui'
import type { ImportAnswer, ImportRowResult } from './types.js'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  file: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  results: {
    maxHeight: '280px',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
})

const STATUS_COLOR: Record<ImportRowResult['status'], 'success' | 'warning' | 'danger'> = {
  created: 'success',
  duplicate: 'warning',
  invalid: 'danger',
}

const AUTO_CLOSE_SECONDS = 15

export function ImportDialog(props: { onClose: () => void; onImported: (answer: ImportAnswer) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [answer, setAnswer] = useState<ImportAnswer | null>(null)
  // spec 2 §9: the dialog closes 15 s after the import; "keep open" stops the countdown to read the rows
  const [closeIn, setCloseIn] = useState<number | null>(null)

  useEffect(() => {
    if (closeIn === null) return
    if (closeIn <= 0) return props.onClose()
    const timer = setTimeout(() => setCloseIn(closeIn - 1), 1000)
    return () => clearTimeout(timer)
  }, [closeIn, props])

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('contactImport'), (m) => {
        if (m.action === 'progress') setProgress({ done: Number(m.done), total: Number(m.total) })
      }),
    []
  )

  const start = async () => {
    if (!file) return
    setBusy(true)
    setAnswer(null)
    setProgress(null)
    const form = new FormData()
    form.append('file', file)
    try {
      let r = await api.upload<ImportAnswer>('/contacts/upload', form)
      // a long import is processed by a job: follow it until it ends (progress arrives live meanwhile)
      while (r.importId && r.status && r.status !== 'done') {
        if (r.status === 'failed')
          throw new ApiError(422, r.error ?? 'ERR_IMPORT_FILE', t(`errors.${r.error ?? 'ERR_IMPORT_FILE'}`))
        await new Promise((resolve) => setTimeout(resolve, 1500))
        r = await api.get<ImportAnswer>(`/contacts/import/${encodeURIComponent(r.importId)}`)
      }
      setAnswer(r)
      setProgress({ done: r.total, total: r.total })
      setCloseIn(AUTO_CLOSE_SECONDS)
      props.onImported(r)
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const resultText = (r: ImportRowResult) =>
    r.status === 'invalid' && r.error
      ? `${t('inbox.contacts.rowStatus.invalid')}: ${t(`inbox.contacts.rowError.${r.error}`)}`
      : t(`inbox.contacts.rowStatus.${r.status}`)

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface aria-describedby={undefined} style={{ maxWidth: '640px' }}>
        <DialogBody>
          <DialogTitle>{t('inbox.contacts.importTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('inbox.contacts.importHint')}</Body1>
            <div className={styles.file}>
              <input
                ref={input}
                type="file"
                accept=".xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
                hidden
                data-testid="import-file"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setAnswer(null)
                  setProgress(null)
                }}
              />
              <Button icon={<DocumentTableRegular />} onClick={() => input.current?.click()} disabled={busy}>
                {t('inbox.contacts.chooseFile')}
              </Button>
              <Caption1 className={styles.muted}>{file?.name ?? t('inbox.contacts.noFile')}</Caption1>
            </div>
            {(busy || progress) && (
              <Field
                validationState="none"
                validationMessage={progress ? t('inbox.contacts.progress', progress) : t('inbox.contacts.importing')}
              >
                <ProgressBar
                  value={progress && progress.total ? progress.done / progress.total : undefined}
                  thickness="large"
                />
              </Field>
            )}
            {answer && (
              <>
                <Body1 data-testid="import-summary">
                  <strong>{t('inbox.contacts.summary', { created: answer.created, total: answer.total })}</strong>
                </Body1>
                <div className={styles.results}>
                  <Table size="small" aria-label={t('inbox.contacts.result')} data-testid="import-results">
                    <TableHeader>
                      <TableRow>
                        <TableHeaderCell style={{ width: '70px' }}>{t('inbox.contacts.row')}</TableHeaderCell>
                        <TableHeaderCell>{t('inbox.contacts.number')}</TableHeaderCell>
                        <TableHeaderCell>{t('inbox.contacts.result')}</TableHeaderCell>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {answer.results.map((r) => (
                        <TableRow key={r.row}>
                          <TableCell>{r.row}</TableCell>
                          <TableCell>{r.number ?? '—'}</TableCell>
                          <TableCell>
                            <Badge appearance="tint" color={STATUS_COLOR[r.status]}>
                              {resultText(r)}
                            </Badge>
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {closeIn !== null && (
              <Button appearance="subtle" onClick={() => setCloseIn(null)} data-testid="keep-open">
                {t('inbox.contacts.keepOpen', { seconds: closeIn })}
              </Button>
            )}
            <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
              {t('kit.close')}
            </Button>
            <Button
              appearance="primary"
              icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
              onClick={start}
              disabled={!file || busy}
              data-testid="start-import"
            >
              {t('inbox.contacts.startImport')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
