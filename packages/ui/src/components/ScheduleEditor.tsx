/**
 * Service hours: shifts A and B per weekday (company, queue and connection
 * hours share the shape of spec 2 §3). The hours are saved by the page, so
 * once the edits pause a toast reminds to click save (spec 2 §4).
 */
import { useEffect, useRef } from 'react'
import { Input, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { toasts } from '@balcao/ui/core'

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export const SHIFT_FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const

export interface WeekdaySchedule {
  /** the Portuguese weekday name the server stores and bot texts show */
  weekday: string
  weekdayEn: (typeof WEEKDAYS)[number]
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

const REMINDER_DELAY_MS = 1000

/** Stored rows completed to the seven weekdays; spec 2 §9's 08:00–12:00 and 13:00–18:00 by default. */
export function scheduleRows(stored: Partial<WeekdaySchedule>[] | null | undefined, ptName: (day: string) => string) {
  return WEEKDAYS.map(
    (d): WeekdaySchedule => ({
      weekday: ptName(d),
      weekdayEn: d,
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
      ...stored?.find((s) => s.weekdayEn === d),
    })
  )
}

export interface ScheduleEditorProps {
  rows: WeekdaySchedule[]
  onChange: (rows: WeekdaySchedule[]) => void
  disabled?: boolean
  testId?: string
}

export function ScheduleEditor(props: ScheduleEditorProps) {
  const { t } = useTranslation()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const set = (i: number, field: (typeof SHIFT_FIELDS)[number], value: string) => {
    props.onChange(props.rows.map((r, j) => (j === i ? { ...r, [field]: value } : r)))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => toasts.info(t('kit.schedule.reminder')), REMINDER_DELAY_MS)
  }

  return (
    <Table size="small" style={{ maxWidth: 760 }} data-testid={props.testId}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('kit.schedule.weekday')}</TableHeaderCell>
          {SHIFT_FIELDS.map((f) => (
            <TableHeaderCell key={f}>{t(`kit.schedule.${f}`)}</TableHeaderCell>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((r, i) => (
          <TableRow key={r.weekdayEn}>
            <TableCell>{t(`kit.schedule.weekdays.${r.weekdayEn}`)}</TableCell>
            {SHIFT_FIELDS.map((f) => (
              <TableCell key={f}>
                <Input
                  type="time"
                  size="small"
                  name={`${r.weekdayEn}-${f}`}
                  value={r[f] ?? ''}
                  disabled={props.disabled}
                  onChange={(_, d) => set(i, f, d.value)}
                  aria-label={`${t(`kit.schedule.weekdays.${r.weekdayEn}`)} ${f}`}
                />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
