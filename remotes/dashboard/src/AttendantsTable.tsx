/** The Attendants tab: one row per user of the company, with online state and its xlsx and CSV export. */
import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components'
import { StarFilled } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { downloadName } from '@balcao/ui'
import { downloadExport } from './download.js'
import { ExportButtons } from './ExportButtons.js'
import { formatNumber } from './numbers.js'
import type { Attendant } from './types.js'

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  // the columns keep their width and scroll sideways on a phone
  table: { minWidth: '720px' },
  bar: { display: 'flex', justifyContent: 'flex-end', gap: '8px' },
  star: { color: '#f5b400', verticalAlign: 'middle', marginRight: '4px' },
})

const COLUMNS = ['name', 'rating', 'countRating', 'tickets', 'avgWaitTime', 'avgSupportTime', 'online'] as const

export function AttendantsTable({ rows, range }: { rows: Attendant[]; range: { from: string; to: string } }) {
  const { t, i18n } = useTranslation()
  const num = (v: number) => formatNumber(v, i18n.language)
  const styles = useStyles()
  const header = COLUMNS.map((c) => t(`dashboardPage.columns.${c}`))
  return (
    <>
      <div className={styles.bar}>
        <ExportButtons
          testId="attendants"
          onExport={(format, onProgress) =>
            downloadExport(
              { table: 'attendants', format, date_from: range.from, date_to: range.to },
              downloadName(t('dashboardPage.tabs.attendants'), format, range.from, range.to),
              i18n.language,
              onProgress
            )
          }
        />
      </div>
      <div className={styles.wrap}>
        <Table
          size="small"
          className={styles.table}
          aria-label={t('dashboardPage.tabs.attendants')}
          data-testid="attendants-table"
        >
          <TableHeader>
            <TableRow>
              {header.map((h) => (
                <TableHeaderCell key={h}>{h}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid={`attendant-${r.id}`}>
                <TableCell>{r.name}</TableCell>
                <TableCell>
                  <StarFilled className={styles.star} />
                  {num(r.rating)}
                </TableCell>
                <TableCell>{r.countRating}</TableCell>
                <TableCell>{r.tickets}</TableCell>
                <TableCell>{t('dashboardPage.minutes', { value: num(r.avgWaitTime) })}</TableCell>
                <TableCell>{t('dashboardPage.minutes', { value: num(r.avgSupportTime) })}</TableCell>
                <TableCell>
                  <Badge appearance="filled" color={r.online ? 'success' : 'subtle'}>
                    {r.online ? t('dashboardPage.online') : t('dashboardPage.offline')}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </>
  )
}
