/**
 * Service hours: shifts A and B per weekday (company, queue and connection
 * hours share the shape of spec 2 §3). The hours are saved by the page, so
 * once the edits pause a toast reminds to click save (spec 2 §4).
 */
import { useEffect, useRef } from 'react'
import { Input, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { toasts } from '@balcao/ui/core'

import { SHIFT_FIELDS, WEEKDAYS, type WeekdaySchedule } from '../format/schedule.js'

export { SHIFT_FIELDS, WEEKDAYS, scheduleRows, type WeekdaySchedule } from '../format/schedule.js'

const REMINDER_DELAY_MS = 1000

export interface ScheduleEditorProps {
  rows: WeekdaySchedule[]
  onChange: (rows: WeekdaySchedule[]) => void
  disabled?: boolean
  /** the hours as text, in the kit's read-only style (someone who may not change them) */
  readOnly?: boolean
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
                {props.readOnly ? (
                  <span data-readonly={`${r.weekdayEn}-${f}`}>{r[f] || t('kit.notSet')}</span>
                ) : (
                  <Input
                    type="time"
                    size="small"
                    name={`${r.weekdayEn}-${f}`}
                    value={r[f] ?? ''}
                    disabled={props.disabled}
                    onChange={(_, d) => set(i, f, d.value)}
                    aria-label={`${t(`kit.schedule.weekdays.${r.weekdayEn}`)} ${f}`}
                  />
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
