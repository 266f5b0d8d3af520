/**
 * /schedules (spec 3 §2): the calendar (react-big-calendar, see CalendarView)
 * with the views month, week, work week, day and agenda; a click on a slot
 * opens the create dialog at that time, a click on a schedule opens it,
 * ?contactId= opens the dialog for that contact. The schedules of the visible
 * range (and the later sends of recurring ones) are loaded page by page and
 * kept live by company-{id}-schedule.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button, Spinner } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, realtime, toastError, Page } from '@balcao/ui'
import { CalendarView } from './CalendarView.js'
import { slotTime, viewRange, type View } from './calendar.js'
import type { ContactOption } from './ContactPicker.js'
import { ScheduleDialog } from './ScheduleDialog.js'
import type { Occurrence, Schedule } from './types.js'

/** the calendar loads at most this many pages of a range (50 each) */
const MAX_PAGES = 20

const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 600px)').matches

type Editing = { schedule: Schedule | null; contact?: ContactOption | null; at?: Date | null } | null

export default function SchedulesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  // a phone starts on the agenda: seven columns of a month or a week do not fit 390 px
  const [view, setView] = useState<View>(() => (isPhone() ? 'agenda' : 'month'))
  const [date, setDate] = useState(() => new Date())
  const [items, setItems] = useState<Schedule[]>([])
  const [occurrences, setOccurrences] = useState<Occurrence[]>([])
  const [loading, setLoading] = useState(false)
  const [editing, setEditing] = useState<Editing>(null)
  const [version, setVersion] = useState(0)
  const range = useMemo(() => viewRange(view, date), [view, date])

  useEffect(() => {
    const controller = new AbortController()
    setLoading(true)
    ;(async () => {
      const all: Schedule[] = []
      let projected: Occurrence[] = []
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await api.get<{ schedules: Schedule[]; hasMore: boolean; occurrences?: Occurrence[] }>(
          '/schedules',
          { startDate: range.start.toISOString(), endDate: range.end.toISOString(), pageNumber: page },
          controller.signal
        )
        all.push(...r.schedules)
        if (r.occurrences) projected = r.occurrences
        if (!r.hasMore) break
      }
      if (!controller.signal.aborted) {
        setItems(all)
        setOccurrences(projected)
      }
    })()
      .catch((e) => !controller.signal.aborted && toastError(e))
      .finally(() => !controller.signal.aborted && setLoading(false))
    return () => controller.abort()
  }, [range, version])

  const upsert = useCallback((s: Schedule) => {
    setItems((old) => {
      const i = old.findIndex((o) => o.id === s.id)
      if (i === -1) return [...old, s]
      const next = [...old]
      next[i] = s
      return next
    })
  }, [])
  const remove = useCallback((id: number) => setItems((old) => old.filter((o) => o.id !== id)), [])
  // a recurring schedule changed: its projected sends are the server's to compute (reloaded, debounced)
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const reloadSoon = useCallback(() => {
    if (reloadTimer.current) clearTimeout(reloadTimer.current)
    reloadTimer.current = setTimeout(() => setVersion((v) => v + 1), 300)
  }, [])
  useEffect(() => () => void (reloadTimer.current && clearTimeout(reloadTimer.current)), [])

  // live list: create and update put the record in place, delete takes it out
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('schedule'), (m) => {
        const record = m.record as Schedule | undefined
        if (record && (m.action === 'create' || m.action === 'update')) {
          upsert(record)
          if (record.repeatEvery !== 'none' || occurrences.some((o) => o.scheduleId === record.id)) reloadSoon()
        }
        if (m.action === 'delete') {
          remove(Number(m.id))
          if (occurrences.some((o) => o.scheduleId === Number(m.id))) reloadSoon()
        }
      }),
    [upsert, remove, reloadSoon, occurrences]
  )

  // the open dialog follows its schedule (e.g. turns read-only once it is sent)
  useEffect(() => {
    if (!editing?.schedule) return
    const fresh = items.find((s) => s.id === editing.schedule!.id)
    if (fresh && fresh !== editing.schedule) setEditing({ schedule: fresh })
  }, [items, editing])

  // ?contactId= opens the create dialog for that contact (spec 3 §2)
  const contactParam = params.get('contactId')
  useEffect(() => {
    const id = Number(contactParam)
    if (!contactParam || !Number.isInteger(id) || id <= 0) return
    let cancelled = false
    api
      .get<{ id: number; name: string; number?: string }>(`/contacts/${id}`)
      .then((c) => !cancelled && setEditing({ schedule: null, contact: { id: c.id, name: c.name, number: c.number } }))
      .catch((e) => toastError(e))
    return () => {
      cancelled = true
    }
  }, [contactParam])

  const close = () => {
    setEditing(null)
    if (params.has('contactId')) {
      params.delete('contactId')
      setParams(params, { replace: true })
    }
  }

  // a later send of a recurring schedule opens the schedule that will write it
  const openOccurrence = (o: Occurrence) => {
    const known = items.find((s) => s.id === o.scheduleId)
    if (known) return setEditing({ schedule: known })
    api
      .get<Schedule>(`/schedules/${o.scheduleId}`)
      .then((s) => setEditing({ schedule: s }))
      .catch((e) => toastError(e))
  }

  return (
    <Page
      title={t('schedulesPage.title')}
      actions={
        <>
          {loading && <Spinner size="extra-tiny" />}
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setEditing({ schedule: null })}
            data-testid="add-schedule"
          >
            {t('schedulesPage.add')}
          </Button>
        </>
      }
    >
      <CalendarView
        view={view}
        date={date}
        schedules={items}
        occurrences={occurrences}
        onView={setView}
        onNavigate={setDate}
        onSlot={(at, wholeDay) => setEditing({ schedule: null, at: slotTime(at, wholeDay) })}
        onOpen={(s) => setEditing({ schedule: s })}
        onOpenOccurrence={openOccurrence}
      />
      <ScheduleDialog
        open={editing !== null}
        schedule={editing?.schedule ?? null}
        initialContact={editing?.contact}
        initialSendAt={editing?.at}
        onClose={close}
        onSaved={(s) => {
          upsert(s)
          reloadSoon()
        }}
        onDeleted={(id) => {
          remove(id)
          reloadSoon()
        }}
      />
    </Page>
  )
}
