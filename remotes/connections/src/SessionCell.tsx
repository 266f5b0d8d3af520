/**
 * Session buttons per state (spec 2 §4) and the history-import indicator:
 * qrcode → show the QR; DISCONNECTED → try again / new QR; CONNECTED, PAIRING
 * and TIMEOUT → disconnect (PAIRING also shows its code); OPENING → a disabled
 * connecting button with a spinner. Import: a preparing indicator within 35 s
 * of the last batch, live progress, and the close-imported-tickets button.
 */
import { useEffect, useState, type JSX } from 'react'
import { Button, Caption1, ProgressBar, Spinner, makeStyles } from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  CheckmarkCircleFilled,
  PlugDisconnectedRegular,
  QrCodeRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { CLOSE_BUTTON, IMPORT_PREPARING_MS, type Connection } from './types.js'

export interface ImportProgress {
  this: number
  all: number
  date?: string
}

export interface SessionActions {
  showQr: (c: Connection) => void
  retry: (c: Connection) => Promise<void>
  newQr: (c: Connection) => Promise<void>
  disconnect: (c: Connection) => void
  /** absent in the super user's company dialog (closing imported tickets stays the company's own) */
  closeImported?: (c: Connection) => Promise<void>
}

const useStyles = makeStyles({
  cell: { display: 'flex', flexDirection: 'column', gap: '6px', alignItems: 'flex-start', whiteSpace: 'nowrap' },
  buttons: { display: 'flex', gap: '6px', flexWrap: 'wrap', whiteSpace: 'nowrap' },
  progress: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '160px' },
})

/** a timestamp younger than the 35-second window means the import is still being prepared */
function preparing(status: string | null, now: number) {
  if (!status || !/^\d{10,}$/.test(status)) return false
  return now - Number(status) < IMPORT_PREPARING_MS
}

function Busy(props: { run: () => Promise<void>; children: string; icon: JSX.Element; testId: string }) {
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      icon={busy ? <Spinner size="extra-tiny" /> : props.icon}
      disabled={busy}
      data-testid={props.testId}
      onClick={async () => {
        setBusy(true)
        try {
          await props.run()
        } finally {
          setBusy(false)
        }
      }}
    >
      {props.children}
    </Button>
  )
}

export function SessionCell(props: {
  connection: Connection
  actions: SessionActions
  progress?: ImportProgress
  /** the channel signs in by QR code (WhatsApp); others only try again */
  qrLogin?: boolean
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const c = props.connection
  const a = props.actions
  const [now, setNow] = useState(() => Date.now())
  const importPreparing = preparing(c.statusImportMessages, now)

  // re-render once the preparing window has passed
  useEffect(() => {
    if (!importPreparing) return
    const id = setTimeout(() => setNow(Date.now()), IMPORT_PREPARING_MS - (Date.now() - Number(c.statusImportMessages)))
    return () => clearTimeout(id)
  }, [importPreparing, c.statusImportMessages])

  const p = props.progress
  const importing = c.statusImportMessages && c.statusImportMessages !== CLOSE_BUTTON
  return (
    <div className={styles.cell}>
      <div className={styles.buttons}>
        {c.status === 'qrcode' && (
          <Button
            size="small"
            appearance="primary"
            icon={<QrCodeRegular />}
            onClick={() => a.showQr(c)}
            data-testid={`show-qr-${c.id}`}
          >
            {t('connections.session.showQr')}
          </Button>
        )}
        {c.status === 'PAIRING' && (
          <Button size="small" appearance="primary" onClick={() => a.showQr(c)} data-testid={`show-code-${c.id}`}>
            {t('connections.session.showCode')}
          </Button>
        )}
        {c.status === 'DISCONNECTED' && (
          <>
            <Busy run={() => a.retry(c)} icon={<ArrowClockwiseRegular />} testId={`retry-${c.id}`}>
              {t('connections.session.retry')}
            </Busy>
            {props.qrLogin !== false && (
              <Busy run={() => a.newQr(c)} icon={<QrCodeRegular />} testId={`new-qr-${c.id}`}>
                {t('connections.session.newQr')}
              </Busy>
            )}
          </>
        )}
        {(c.status === 'CONNECTED' || c.status === 'PAIRING' || c.status === 'TIMEOUT') && (
          <Button
            size="small"
            icon={<PlugDisconnectedRegular />}
            onClick={() => a.disconnect(c)}
            data-testid={`disconnect-${c.id}`}
          >
            {t('connections.session.disconnect')}
          </Button>
        )}
        {c.status === 'OPENING' && (
          <Button size="small" disabled icon={<Spinner size="extra-tiny" />} data-testid={`opening-${c.id}`}>
            {t('connections.session.connecting')}
          </Button>
        )}
      </div>
      {c.statusImportMessages === CLOSE_BUTTON && a.closeImported && (
        <Busy run={() => a.closeImported!(c)} icon={<CheckmarkCircleFilled />} testId={`close-imported-${c.id}`}>
          {t('connections.import.closeTickets')}
        </Busy>
      )}
      {importing && importPreparing && !p && (
        <Button size="small" disabled icon={<Spinner size="extra-tiny" />}>
          {t('connections.import.preparing')}
        </Button>
      )}
      {importing && p && (
        <div className={styles.progress} data-testid={`import-progress-${c.id}`}>
          {p.this < 0 ? (
            <Spinner size="extra-tiny" label={t('connections.import.preparing')} labelPosition="after" />
          ) : (
            <>
              <ProgressBar value={p.all ? p.this / p.all : 0} />
              <Caption1>
                {t('connections.import.progress', {
                  done: p.this,
                  all: p.all,
                  date: p.date ?? '',
                  percent: p.all ? Math.round((p.this / p.all) * 100) : 0,
                })}
              </Caption1>
            </>
          )}
        </div>
      )}
    </div>
  )
}
