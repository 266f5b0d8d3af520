/** The company's service hours (shown when scheduleType is 'company'). */
import { useEffect, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import {
  Body1,
  Button,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, isAdmin, userAtom, toasts, toastError, ErrorState } from '@balcao/ui'

/** After editing hours a toast says to click save (spec 2 §4), once the edits pause. */
const REMINDER_DELAY_MS = 1000
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
const FIELDS = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const

interface Schedule {
  weekday: string
  weekdayEn: (typeof WEEKDAYS)[number]
  startTimeA: string
  endTimeA: string
  startTimeB: string
  endTimeB: string
}

const defaults = (label: (d: string) => string): Schedule[] =>
  WEEKDAYS.map((d) => ({
    weekday: label(d),
    weekdayEn: d,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }))

export function SchedulesTab() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [rows, setRows] = useState<Schedule[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const companyId = me?.company.id
  const reminder = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(reminder.current), [])

  useEffect(() => {
    if (!companyId) return
    const label = (d: string) => t(`admin.settings.weekdays.${d}`, { lng: 'pt' })
    api
      .get<{ schedules?: Schedule[] }>(`/companies/${companyId}`)
      .then((c) => {
        const stored = c.schedules ?? []
        setRows(defaults(label).map((d) => ({ ...d, ...stored.find((s) => s.weekdayEn === d.weekdayEn) })))
      })
      .catch(setError)
  }, [companyId, t])

  if (error) return <ErrorState error={error} />
  if (!rows) return null

  const set = (i: number, field: (typeof FIELDS)[number], value: string) => {
    setRows((list) => list!.map((r, j) => (j === i ? { ...r, [field]: value } : r)))
    clearTimeout(reminder.current)
    reminder.current = setTimeout(() => toasts.info(t('admin.settings.schedulesReminder')), REMINDER_DELAY_MS)
  }

  const save = async () => {
    clearTimeout(reminder.current)
    setBusy(true)
    try {
      await api.put(`/companies/${companyId}/schedules`, { schedules: rows })
      toasts.success(t('admin.settings.schedulesSaved'))
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Body1>{t('admin.settings.schedulesHint')}</Body1>
      <Table size="small" style={{ maxWidth: 760 }}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('admin.settings.weekday')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.settings.startA')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.settings.endA')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.settings.startB')}</TableHeaderCell>
            <TableHeaderCell>{t('admin.settings.endB')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={r.weekdayEn}>
              <TableCell>{t(`admin.settings.weekdays.${r.weekdayEn}`)}</TableCell>
              {FIELDS.map((f) => (
                <TableCell key={f}>
                  <Input
                    type="time"
                    name={`${r.weekdayEn}-${f}`}
                    value={r[f]}
                    onChange={(_, d) => set(i, f, d.value)}
                    aria-label={`${t(`admin.settings.weekdays.${r.weekdayEn}`)} ${f}`}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div>
        <Button appearance="primary" onClick={save} disabled={busy || !isAdmin(me)}>
          {t('admin.settings.saveSchedules')}
        </Button>
      </div>
    </>
  )
}
