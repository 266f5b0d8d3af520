/**
 * A contact's upcoming schedules (the inbox's contact drawer shows it through
 * the route embed, in mode 'upcoming'): the sends still to go out, soonest
 * first, each opening the schedule dialog; "Schedule a message" opens it for
 * the contact. Kept live by company-{id}-schedule.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Badge,
  Button,
  Caption1,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowRepeatAllRegular, CalendarAddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, formatShortDateTime, realtime, toastError } from '@balcao/ui'
import type { ContactOption } from './ContactPicker.js'
import { ScheduleDialog } from './ScheduleDialog.js'
import { STATUS_COLOR, type Schedule } from './types.js'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '8px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px', justifyContent: 'space-between', flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: '6px', margin: 0, padding: 0, listStyle: 'none' },
  item: {
    'display': 'flex',
    'flexDirection': 'column',
    'gap': '2px',
    'width': '100%',
    'textAlign': 'left',
    'padding': '6px 8px',
    'border': 'none',
    'borderLeft': `3px solid ${tokens.colorBrandStroke1}`,
    'borderRadius': tokens.borderRadiusMedium,
    'backgroundColor': tokens.colorNeutralBackground3,
    'color': tokens.colorNeutralForeground1,
    'cursor': 'pointer',
    'font': 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground3Hover },
  },
  when: { display: 'flex', alignItems: 'center', gap: '6px', fontSize: tokens.fontSizeBase200 },
  body: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** the drawer lists this many; the calendar has the rest */
const LIMIT = 10

/** Presentational: the list, the add button (for the stories and the container). */
export function UpcomingList(props: {
  items: Schedule[] | null
  onOpen: (s: Schedule) => void
  onAdd: () => void
}) {
  const { t } = useTranslation()
  const s = useStyles()
  return (
    <section className={s.root} data-testid="upcoming-schedules">
      <div className={s.head}>
        <Subtitle2>{t('schedulesPage.upcoming.title')}</Subtitle2>
        <Button size="small" icon={<CalendarAddRegular />} onClick={props.onAdd} data-testid="upcoming-add">
          {t('schedulesPage.upcoming.add')}
        </Button>
      </div>
      {props.items === null ? (
        <Spinner size="tiny" />
      ) : props.items.length === 0 ? (
        <Caption1 className={s.muted}>{t('schedulesPage.upcoming.empty')}</Caption1>
      ) : (
        <ul className={s.list}>
          {props.items.map((x) => (
            <li key={x.id}>
              <button type="button" className={s.item} onClick={() => props.onOpen(x)} data-testid="upcoming-item">
                <span className={s.when}>
                  <strong>{formatShortDateTime(x.sendAt)}</strong>
                  <Badge size="small" appearance="tint" color={STATUS_COLOR[x.status]}>
                    {t(`schedulesPage.statuses.${x.status}`)}
                  </Badge>
                  {x.repeatEvery !== 'none' && x.repeatCount > 1 && (
                    <span className={s.muted} title={t(`schedulesPage.repeat.${x.repeatEvery}`)}>
                      <ArrowRepeatAllRegular aria-hidden /> {t(`schedulesPage.repeat.${x.repeatEvery}`)} ·{' '}
                      {t('schedulesPage.upcoming.sends', { count: x.repeatCount })}
                    </span>
                  )}
                </span>
                <span className={s.body}>{x.body}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function UpcomingSchedules(props: { contact: ContactOption }) {
  const contactId = props.contact.id
  const [items, setItems] = useState<Schedule[] | null>(null)
  const [editing, setEditing] = useState<{ schedule: Schedule | null } | null>(null)

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const r = await api.get<{ schedules: Schedule[] }>('/schedules', { contactId, upcoming: true }, signal)
        setItems(r.schedules.slice(0, LIMIT))
      } catch (e) {
        if (!signal?.aborted) toastError(e)
      }
    },
    [contactId]
  )
  useEffect(() => {
    const controller = new AbortController()
    void load(controller.signal)
    return () => controller.abort()
  }, [load])
  // live: any change to this contact's schedules reloads the short list
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('schedule'), (m) => {
        const record = m.record as Schedule | undefined
        if (m.action === 'delete' || record?.contactId === contactId) void load()
      }),
    [load, contactId]
  )

  return (
    <>
      <UpcomingList
        items={items}
        onOpen={(schedule) => setEditing({ schedule })}
        onAdd={() => setEditing({ schedule: null })}
      />
      <ScheduleDialog
        open={editing !== null}
        schedule={editing?.schedule ?? null}
        initialContact={props.contact}
        onClose={() => setEditing(null)}
        onSaved={() => void load()}
        onDeleted={() => void load()}
      />
    </>
  )
}
