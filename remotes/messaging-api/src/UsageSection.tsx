/** The day's counters and the last 30 days per connection (the reference's ApiUsages, visible to the admin). */
import { Body1, Card, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { DataTable, ErrorState, formatDate, type Column } from '@balcao/ui'
import type { Usage, UsageRow } from './types.js'

const useStyles = makeStyles({
  counters: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))' },
  counter: { display: 'flex', flexDirection: 'column', gap: '4px' },
  value: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightHero700 },
  muted: { color: tokens.colorNeutralForeground3 },
})

export function UsageSection({ usage, error, onRetry }: { usage: Usage | null; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (error) return <ErrorState error={error} onRetry={onRetry} />
  if (!usage) return <Spinner />
  const counters: [string, number][] = [
    ['requests', usage.today.requests],
    ['sentCount', usage.today.sent],
    ['failed', usage.today.failed],
    ['limited', usage.today.limited],
  ]
  const columns: Column<UsageRow>[] = [
    { key: 'day', header: t('messagesApiPage.day'), render: (r) => formatDate(`${r.day}T12:00:00`), primary: true },
    { key: 'name', header: t('messagesApiPage.connection'), render: (r) => r.name },
    { key: 'requests', header: t('messagesApiPage.requests'), render: (r) => r.requests, align: 'end' },
    { key: 'sent', header: t('messagesApiPage.sentCount'), render: (r) => r.sent, align: 'end' },
    { key: 'failed', header: t('messagesApiPage.failed'), render: (r) => r.failed, align: 'end' },
    { key: 'limited', header: t('messagesApiPage.limited'), render: (r) => r.limited, align: 'end' },
  ]
  return (
    <>
      <Subtitle2 as="h2">{t('messagesApiPage.today')}</Subtitle2>
      <div className={styles.counters}>
        {counters.map(([key, value]) => (
          <Card key={key} className={styles.counter} data-testid={`usage-${key}`}>
            <Body1 className={styles.muted}>{t(`messagesApiPage.${key}`)}</Body1>
            <span className={styles.value}>{value}</span>
          </Card>
        ))}
      </div>
      <Body1 className={styles.muted}>{t('messagesApiPage.limitRate', { count: usage.limits.perMinute })}</Body1>
      <DataTable
        columns={columns}
        items={usage.rows}
        getRowId={(r) => `${r.day}-${r.whatsappId}`}
        emptyTitle={t('messagesApiPage.usageEmpty')}
        ariaLabel={t('messagesApiPage.tabUsage')}
      />
    </>
  )
}
