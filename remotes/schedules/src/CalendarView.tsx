/**
 * The calendar of spec 3 §2: react-big-calendar with its luxon localizer, the
 * views month, week, work week, day and agenda, in the user's language (its
 * messages from i18next, luxon's locale for names and formats). A click on a
 * slot asks for a new schedule at that time; a click on a schedule (or on a
 * later send of a recurring one) opens it. Presentational: the page loads the
 * schedules of the range. The library's stylesheet is injected once (see
 * useCalendarCss) and re-toned with Fluent's tokens, so light and dark themes
 * both apply.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import { Calendar, luxonLocalizer, type Formats, type Messages, type ToolbarProps } from 'react-big-calendar'
import { DateTime } from 'luxon'
import { Button, Tab, TabList, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { ArrowRepeatAllRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import rbcCss from 'react-big-calendar/lib/css/react-big-calendar.css?inline'
import {
  AGENDA_DAYS,
  FIRST_DAY_OF_WEEK,
  calendarLocale,
  toEvents,
  upperFirst,
  VIEWS,
  type CalendarEvent,
  type View,
} from './calendar.js'
import type { Occurrence, Schedule } from './types.js'

/**
 * A federated remote's CSS files are not linked by the shell (only its JS is
 * loaded), so the library's stylesheet comes in as text and goes into the
 * page's head once, whoever renders the calendar first.
 */
const CSS_ID = 'balcao-react-big-calendar'
function injectCalendarCss() {
  if (typeof document === 'undefined' || document.getElementById(CSS_ID)) return
  const style = document.createElement('style')
  style.id = CSS_ID
  style.textContent = rbcCss
  document.head.prepend(style)
}
injectCalendarCss()

const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: FIRST_DAY_OF_WEEK })

/** day-first orders (the localizer's defaults are English: "November 27") */
const formats: Formats = {
  dateFormat: 'd',
  dayFormat: 'EEE dd',
  // a schedule is a moment, not a span: its start only
  eventTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, 't', culture),
  agendaTimeRangeFormat: ({ start }, culture, loc) => loc!.format(start, 't', culture),
  dayHeaderFormat: 'DDDD',
  agendaDateFormat: 'EEE, dd MMM',
  dayRangeHeaderFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'dd MMM', culture)} – ${loc!.format(end, 'dd MMM yyyy', culture)}`,
  agendaHeaderFormat: ({ start, end }, culture, loc) =>
    `${loc!.format(start, 'dd MMM', culture)} – ${loc!.format(end, 'dd MMM yyyy', culture)}`,
}

/** a phone's columns are ~50 px: the narrow weekday ("S 23") instead of "seg. 23" */
const narrowFormats: Formats = { ...formats, dayFormat: 'EEEEE d', weekdayFormat: 'EEEEE' }
const NARROW = '(max-width: 600px)'

function useNarrow() {
  const query = useMemo(() => (typeof window !== 'undefined' ? window.matchMedia?.(NARROW) : undefined), [])
  const [narrow, setNarrow] = useState(() => !!query?.matches)
  useEffect(() => {
    if (!query) return
    const on = () => setNarrow(query.matches)
    query.addEventListener('change', on)
    return () => query.removeEventListener('change', on)
  }, [query])
  return narrow
}

const stroke = tokens.colorNeutralStroke2
const useStyles = makeStyles({
  root: {
    'height': 'max(520px, calc(100vh - 210px))',
    'fontFamily': tokens.fontFamilyBase,
    'fontSize': tokens.fontSizeBase300,
    'color': tokens.colorNeutralForeground1,
    '& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table': {
      ...shorthands.borderColor(stroke),
      borderRadius: tokens.borderRadiusMedium,
      backgroundColor: tokens.colorNeutralBackground1,
    },
    '& .rbc-header, & .rbc-month-row + .rbc-month-row, & .rbc-day-bg + .rbc-day-bg, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-time-content, & .rbc-time-content > * + * > *, & .rbc-time-header.rbc-overflowing, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td + td, & .rbc-agenda-view table.rbc-agenda-table tbody > tr + tr, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th':
      shorthands.borderColor(stroke),
    '& .rbc-header': {
      padding: '6px 4px',
      fontWeight: tokens.fontWeightSemibold,
      fontSize: tokens.fontSizeBase200,
      color: tokens.colorNeutralForeground2,
      textTransform: 'capitalize',
    },
    '& .rbc-off-range-bg': { backgroundColor: tokens.colorNeutralBackground3 },
    '& .rbc-off-range': { color: tokens.colorNeutralForeground4 },
    '& .rbc-today': { backgroundColor: tokens.colorBrandBackground2 },
    '& .rbc-time-view .rbc-today': { backgroundColor: tokens.colorNeutralBackground2 },
    // schedules have no all-day events: the empty all-day row goes
    '& .rbc-time-header .rbc-allday-cell': { display: 'none' },
    '& .rbc-date-cell': { padding: '2px 6px', fontSize: tokens.fontSizeBase200 },
    '& .rbc-event, & .rbc-day-slot .rbc-background-event': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
      borderRadius: tokens.borderRadiusSmall,
      fontSize: tokens.fontSizeBase200,
      padding: '1px 6px',
    },
    '& .rbc-event.rbc-selected': { backgroundColor: tokens.colorBrandBackgroundPressed },
    '& .rbc-event:focus': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
    '& .rbc-day-slot .rbc-event': { border: `1px solid ${tokens.colorNeutralBackground1}` },
    '& .rbc-show-more': {
      backgroundColor: 'transparent',
      color: tokens.colorBrandForegroundLink,
      fontSize: tokens.fontSizeBase100,
    },
    '& .rbc-time-gutter, & .rbc-label': { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100 },
    '& .rbc-current-time-indicator': { backgroundColor: tokens.colorPaletteRedBackground3 },
    '& .rbc-slot-selection': { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorNeutralForeground1 },
    '& .rbc-agenda-view': { overflow: 'auto' },
    '& .rbc-agenda-view table.rbc-agenda-table thead > tr > th': {
      padding: '6px 8px',
      color: tokens.colorNeutralForeground2,
      fontWeight: tokens.fontWeightSemibold,
    },
    '& .rbc-agenda-date-cell, & .rbc-agenda-time-cell': { whiteSpace: 'nowrap', fontSize: tokens.fontSizeBase200 },
    '& .rbc-agenda-event-cell': { cursor: 'pointer', whiteSpace: 'normal', wordBreak: 'break-word' },
    '& .rbc-agenda-empty': { padding: '24px', color: tokens.colorNeutralForeground3 },
    '& .rbc-overlay': {
      backgroundColor: tokens.colorNeutralBackground1,
      border: `1px solid ${stroke}`,
      boxShadow: tokens.shadow16,
      borderRadius: tokens.borderRadiusMedium,
    },
    '& .rbc-overlay-header': shorthands.borderColor(stroke),
    // phones: a little less height (the toolbar takes two lines), a smaller agenda
    '@media (max-width: 600px)': {
      'height': 'max(480px, calc(100vh - 190px))',
      '& .rbc-agenda-view table.rbc-agenda-table': { fontSize: tokens.fontSizeBase200 },
      '& .rbc-agenda-time-cell': { whiteSpace: 'normal' },
    },
  },
  // the event's colour by status (agenda rows take it as text colour)
  sent: { backgroundColor: `${tokens.colorPaletteGreenBackground3} !important` },
  failed: { backgroundColor: `${tokens.colorPaletteRedBackground3} !important` },
  projected: {
    backgroundColor: `${tokens.colorBrandBackground2} !important`,
    color: `${tokens.colorBrandForeground2} !important`,
    border: `1px dashed ${tokens.colorBrandStroke1} !important`,
  },
  toolbar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', marginBottom: '12px' },
  label: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, minWidth: 0 },
  grow: { flexGrow: 1 },
  views: { maxWidth: '100%' },
  // a phone's width wraps the five views onto a second line rather than hiding one
  tabs: { flexWrap: 'wrap' },
  agendaEvent: { display: 'inline-flex', alignItems: 'flex-start', gap: '4px' },
  eventTitle: { display: 'inline-flex', alignItems: 'center', gap: '4px', minWidth: 0, maxWidth: '100%' },
  eventText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  repeatIcon: { flexShrink: 0 },
})

/** The toolbar in Fluent: today, previous and next, the range's label, the views as tabs. */
function Toolbar(props: ToolbarProps<CalendarEvent> & { loading?: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.toolbar}>
      <Button onClick={() => props.onNavigate('TODAY')} data-testid="calendar-today">
        {t('schedulesPage.today')}
      </Button>
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={t('schedulesPage.previous')}
        onClick={() => props.onNavigate('PREV')}
        data-testid="calendar-previous"
      />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={t('schedulesPage.next')}
        onClick={() => props.onNavigate('NEXT')}
        data-testid="calendar-next"
      />
      <span className={styles.label} data-testid="calendar-label">
        {upperFirst(props.label)}
      </span>
      <span className={styles.grow} />
      <div className={styles.views}>
        <TabList className={styles.tabs} size="small" selectedValue={props.view} onTabSelect={(_, d) => props.onView(d.value as View)}>
          {VIEWS.map((v) => (
            <Tab key={v} value={v} data-testid={`view-${v}`}>
              {t(`schedulesPage.views.${v}`)}
            </Tab>
          ))}
        </TabList>
      </div>
    </div>
  )
}

function EventTitle({ event }: { event: CalendarEvent }) {
  const styles = useStyles()
  const recurring = event.occurrence || (event.schedule && event.schedule.repeatCount > 1)
  return (
    <span
      className={styles.eventTitle}
      data-testid={
        event.schedule ? `schedule-event-${event.schedule.id}` : `schedule-occurrence-${event.occurrence?.scheduleId}`
      }
      data-status={event.status}
    >
      {recurring && <ArrowRepeatAllRegular className={styles.repeatIcon} aria-hidden />}
      <span className={styles.eventText}>{event.title}</span>
    </span>
  )
}

/** the agenda's row: the whole text, wrapped (a phone's column is narrow) */
function AgendaEvent({ event }: { event: CalendarEvent }) {
  const styles = useStyles()
  const recurring = event.occurrence || (event.schedule && event.schedule.repeatCount > 1)
  return (
    <span
      className={styles.agendaEvent}
      data-testid={
        event.schedule ? `schedule-event-${event.schedule.id}` : `schedule-occurrence-${event.occurrence?.scheduleId}`
      }
      data-status={event.status}
    >
      {recurring && <ArrowRepeatAllRegular className={styles.repeatIcon} aria-hidden />}
      <span>{event.title}</span>
    </span>
  )
}

/** the time grids open at the day's first schedule (an hour before it), else at 08:00 */
function firstHour(events: CalendarEvent[]) {
  if (!events.length) return 8
  return Math.max(0, Math.min(...events.map((e) => e.start.getHours())) - 1)
}

export interface CalendarViewProps {
  view: View
  date: Date
  schedules: Schedule[]
  /** later sends of recurring schedules in the range (drawn dashed) */
  occurrences?: Occurrence[]
  onView?: (v: View) => void
  onNavigate?: (d: Date) => void
  /** a slot was clicked: its time, and whether it was a whole day (month view) */
  onSlot: (at: Date, wholeDay: boolean) => void
  onOpen: (s: Schedule) => void
  /** a later send of a recurring schedule was clicked */
  onOpenOccurrence?: (o: Occurrence) => void
}

export function CalendarView(props: CalendarViewProps) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const culture = calendarLocale(i18n.language)
  const narrow = useNarrow()
  const events = useMemo(() => toEvents(props.schedules, props.occurrences), [props.schedules, props.occurrences])
  const messages = useMemo<Messages<CalendarEvent>>(
    () => ({
      date: t('schedulesPage.calendar.date'),
      time: t('schedulesPage.calendar.time'),
      event: t('schedulesPage.calendar.event'),
      allDay: t('schedulesPage.calendar.allDay'),
      week: t('schedulesPage.views.week'),
      work_week: t('schedulesPage.views.work_week'),
      day: t('schedulesPage.views.day'),
      month: t('schedulesPage.views.month'),
      agenda: t('schedulesPage.views.agenda'),
      previous: t('schedulesPage.previous'),
      next: t('schedulesPage.next'),
      today: t('schedulesPage.today'),
      yesterday: t('schedulesPage.calendar.yesterday'),
      tomorrow: t('schedulesPage.calendar.tomorrow'),
      noEventsInRange: t('schedulesPage.empty'),
      showMore: (count: number) => t('schedulesPage.more', { count }),
    }),
    [t]
  )
  const eventProps = useCallback(
    (e: CalendarEvent) => ({
      className: mergeClasses(
        e.status === 'ENVIADA' && styles.sent,
        e.status === 'ERRO' && styles.failed,
        e.status === 'PROJECTED' && styles.projected
      ),
    }),
    [styles]
  )
  const { onOpen, onOpenOccurrence, onSlot } = props
  const hour = firstHour(events)
  const scrollTo = useMemo(() => new Date(1970, 0, 1, hour), [hour])
  const view = props.view
  return (
    <div className={styles.root} data-testid="calendar" data-view={view}>
      <Calendar<CalendarEvent>
        localizer={localizer}
        culture={culture}
        formats={narrow ? narrowFormats : formats}
        messages={messages}
        events={events}
        view={view}
        date={props.date}
        views={VIEWS}
        onView={(v) => props.onView?.(v as View)}
        onNavigate={(d) => props.onNavigate?.(d)}
        length={AGENDA_DAYS}
        titleAccessor="title"
        tooltipAccessor="title"
        selectable
        popup
        step={30}
        timeslots={2}
        scrollToTime={scrollTo}
        onSelectSlot={(slot) => onSlot(slot.start, view === 'month')}
        onSelectEvent={(e) => (e.schedule ? onOpen(e.schedule) : e.occurrence && onOpenOccurrence?.(e.occurrence))}
        eventPropGetter={eventProps}
        // each day's cell is named (rbc-day-YYYY-M-D), so a test or a tour can point at a day
        dayPropGetter={(d) => ({ className: `rbc-day-${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}` })}
        longPressThreshold={120}
        components={{ toolbar: Toolbar, event: EventTitle, agenda: { event: AgendaEvent } }}
      />
    </div>
  )
}
