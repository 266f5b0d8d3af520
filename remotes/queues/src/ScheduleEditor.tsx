/**
 * The queue's service hours: shifts A and B per weekday. The hours are saved
 * with the queue, so after an edit a toast reminds to click save (spec 2 §4).
 */
import { useEffect, useRef } from 'react'
import {
  Body1,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { toasts } from '@balcao/ui'
import { SHIFT_FIELDS, WEEKDAYS, type Schedule } from './types.js'

/** The reminder comes once the edits pause, not on every keystroke. */
const REMINDER_DELAY_MS = 1000

/** Stored rows completed to the seven weekdays; spec 2 §9's 08:00–12:00 and 13:00–18:00 by default. */
export function scheduleRows(stored: Schedule[] | undefined, ptLabel: (day: string) => string): Schedule[] {
  return WEEKDAYS.map((d) => ({
    weekday: ptLabel(d),
    weekdayEn: d,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
    ...stored?.find((s) => s.weekdayEn === d),
  }))
}

export function ScheduleEditor(props: { rows: Schedule[]; onChange: (rows: Schedule[]) => void }) {
  const { t } = useTranslation()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const set = (i: number, field: (typeof SHIFT_FIELDS)[number], value: string) => {
    props.onChange(props.rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => toasts.info(t('queuesPage.hours.reminder')), REMINDER_DELAY_MS)
  }

  const headers = ['startA', 'endA', 'startB', 'endB'] as const
  return (
    <>
      <Body1>{t('queuesPage.hours.hint')}</Body1>
      <Table size="small" data-testid="queue-schedules">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('queuesPage.hours.weekday')}</TableHeaderCell>
            {headers.map((h) => (
              <TableHeaderCell key={h}>{t(`queuesPage.hours.${h}`)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {props.rows.map((r, i) => (
            <TableRow key={r.weekdayEn}>
              <TableCell>{t(`queuesPage.hours.weekdays.${r.weekdayEn}`)}</TableCell>
              {SHIFT_FIELDS.map((f) => (
                <TableCell key={f}>
                  <Input
                    type="time"
                    size="small"
                    name={`${r.weekdayEn}-${f}`}
                    value={r[f]}
                    onChange={(_, d) => set(i, f, d.value)}
                    aria-label={`${t(`queuesPage.hours.weekdays.${r.weekdayEn}`)} ${f}`}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  )
}
