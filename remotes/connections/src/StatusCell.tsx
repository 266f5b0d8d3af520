/**
 * The status of a connection: a coloured icon with the state's name, and the
 * health record (last connected, last message, reconnects, last error) one
 * click away, with the last error shown inline while the session is down. The
 * panel names the state too, and offers an admin to try again while it is down.
 */
import { useState } from 'react'
import {
  Badge,
  Button,
  Caption1,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowClockwiseRegular,
  CheckmarkCircleFilled,
  ClockRegular,
  DismissCircleFilled,
  InfoRegular,
  QrCodeRegular,
  PhoneRegular,
  WarningFilled,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { formatShortDateTime } from '@balcao/ui/core'
import type { Connection } from './types.js'

const useStyles = makeStyles({
  cell: { display: 'flex', flexDirection: 'column', gap: '2px' },
  line: { display: 'flex', alignItems: 'center', gap: '6px' },
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  error: { color: tokens.colorPaletteRedForeground1, maxWidth: '220px' },
  health: {
    display: 'grid',
    // labels take at most half the panel and wrap; values keep their words whole
    gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)',
    columnGap: '12px',
    rowGap: '4px',
    maxWidth: 'min(360px, 80vw)',
  },
  errorText: { overflowWrap: 'break-word' },
})

const look: Record<string, { color: 'success' | 'danger' | 'warning' | 'informative'; Icon: typeof InfoRegular }> = {
  CONNECTED: { color: 'success', Icon: CheckmarkCircleFilled },
  DISCONNECTED: { color: 'danger', Icon: DismissCircleFilled },
  qrcode: { color: 'warning', Icon: QrCodeRegular },
  PAIRING: { color: 'warning', Icon: PhoneRegular },
  TIMEOUT: { color: 'danger', Icon: WarningFilled },
  OPENING: { color: 'informative', Icon: ClockRegular },
}

/** states where the session is not coming up by itself: a try again is offered */
const STUCK = ['TIMEOUT', 'DISCONNECTED']

export function StatusCell({
  connection,
  onRetry,
}: {
  connection: Connection
  /** admins: POST /whatsappsession (try again with the stored login) */
  onRetry?: (c: Connection) => Promise<void>
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [retrying, setRetrying] = useState(false)
  const { color, Icon } = look[connection.status] ?? look.OPENING
  const h = connection.health
  const down = connection.status !== 'CONNECTED'
  const stateLabel = t(`connections.status.${connection.status}`, { defaultValue: connection.status })
  const retry = async () => {
    if (!onRetry) return
    setRetrying(true)
    try {
      await onRetry(connection)
    } finally {
      setRetrying(false)
    }
  }
  return (
    <div className={styles.cell}>
      <div className={styles.line}>
        <Badge
          className={styles.badge}
          appearance="tint"
          color={color}
          icon={<Icon />}
          data-testid={`status-${connection.id}`}
          data-status={connection.status}
        >
          {stateLabel}
        </Badge>
        {h && (
          <Popover withArrow>
            <PopoverTrigger disableButtonEnhancement>
              <Button
                appearance="transparent"
                size="small"
                icon={<InfoRegular />}
                aria-label={t('connections.health.title')}
                data-testid={`health-${connection.id}`}
              />
            </PopoverTrigger>
            <PopoverSurface data-testid={`health-panel-${connection.id}`}>
              <div className={styles.health}>
                <strong style={{ gridColumn: '1 / span 2' }}>{t('connections.health.title')}</strong>
                <span>{t('connections.health.state')}</span>
                <span data-testid={`health-state-${connection.id}`}>{stateLabel}</span>
                <span>{t('connections.health.lastConnected')}</span>
                <span>{formatShortDateTime(h.lastConnectedAt) || '—'}</span>
                <span>{t('connections.health.lastDisconnected')}</span>
                <span>{formatShortDateTime(h.lastDisconnectedAt) || '—'}</span>
                <span>{t('connections.health.lastMessage')}</span>
                <span>{formatShortDateTime(h.lastMessageAt) || '—'}</span>
                <span>{t('connections.health.reconnects')}</span>
                <span>{h.reconnectCount}</span>
                <span>{t('connections.health.lastError')}</span>
                <span className={styles.errorText} data-testid={`health-error-${connection.id}`}>
                  {h.lastError || (down && h.reconnectCount ? t('connections.health.noError') : '—')}
                </span>
                <span>{t('connections.health.failedEvents')}</span>
                <span data-testid={`failed-events-${connection.id}`}>{h.failedEvents ?? 0}</span>
                {onRetry && STUCK.includes(connection.status) && (
                  <Button
                    style={{ gridColumn: '1 / span 2', justifySelf: 'start', marginTop: 4 }}
                    size="small"
                    appearance="primary"
                    icon={retrying ? <Spinner size="extra-tiny" /> : <ArrowClockwiseRegular />}
                    disabled={retrying}
                    onClick={retry}
                    data-testid={`health-retry-${connection.id}`}
                  >
                    {t('connections.session.retry')}
                  </Button>
                )}
              </div>
            </PopoverSurface>
          </Popover>
        )}
      </div>
      {h?.lastConnectedAt && (
        <Caption1>
          {t('connections.health.summary', {
            connected: formatShortDateTime(h.lastConnectedAt),
            count: h.reconnectCount,
          })}
        </Caption1>
      )}
      {down && h?.lastError && <Caption1 className={styles.error}>{h.lastError}</Caption1>}
      {!!h?.failedEvents && (
        <Caption1 className={styles.error}>{t('connections.health.failedSummary', { count: h.failedEvents })}</Caption1>
      )}
    </div>
  )
}
