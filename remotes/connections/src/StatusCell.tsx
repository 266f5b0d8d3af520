/**
 * The status of a connection: a coloured icon with the state's name, and the
 * health record (last connected, last message, reconnects, last error) one
 * click away, with the last error shown inline while the session is down.
 */
import {
  Badge,
  Button,
  Caption1,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
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
  health: { display: 'grid', gridTemplateColumns: 'auto auto', columnGap: '12px', rowGap: '4px' },
})

const look: Record<string, { color: 'success' | 'danger' | 'warning' | 'informative'; Icon: typeof InfoRegular }> = {
  CONNECTED: { color: 'success', Icon: CheckmarkCircleFilled },
  DISCONNECTED: { color: 'danger', Icon: DismissCircleFilled },
  qrcode: { color: 'warning', Icon: QrCodeRegular },
  PAIRING: { color: 'warning', Icon: PhoneRegular },
  TIMEOUT: { color: 'danger', Icon: WarningFilled },
  OPENING: { color: 'informative', Icon: ClockRegular },
}

export function StatusCell({ connection }: { connection: Connection }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { color, Icon } = look[connection.status] ?? look.OPENING
  const h = connection.health
  const down = connection.status !== 'CONNECTED'
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
          {t(`connections.status.${connection.status}`, { defaultValue: connection.status })}
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
            <PopoverSurface>
              <div className={styles.health}>
                <strong style={{ gridColumn: '1 / span 2' }}>{t('connections.health.title')}</strong>
                <span>{t('connections.health.lastConnected')}</span>
                <span>{formatShortDateTime(h.lastConnectedAt) || '—'}</span>
                <span>{t('connections.health.lastDisconnected')}</span>
                <span>{formatShortDateTime(h.lastDisconnectedAt) || '—'}</span>
                <span>{t('connections.health.lastMessage')}</span>
                <span>{formatShortDateTime(h.lastMessageAt) || '—'}</span>
                <span>{t('connections.health.reconnects')}</span>
                <span>{h.reconnectCount}</span>
                <span>{t('connections.health.lastError')}</span>
                <span>{h.lastError || '—'}</span>
                <span>{t('connections.health.failedEvents')}</span>
                <span data-testid={`failed-events-${connection.id}`}>{h.failedEvents ?? 0}</span>
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
