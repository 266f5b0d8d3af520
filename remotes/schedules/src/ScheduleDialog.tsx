/**
 * The schedule dialog (spec 3 §2 and spec 1 §2's schedule modal): contact,
 * message, send time (default now + 1 h), recurrence. A schedule already sent
 * is shown read-only without the save button (spec 3 §4); the server refuses
 * the edit anyway.
 */
import { useEffect, useState, type FormEvent } from 'react'
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  ToggleButton,
  Caption1,
  Field,
  makeStyles,
} from '@fluentui/react-components'
import { Info } from 'luxon'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatShortDateTime,
  LONG_TOAST_MS,
  SelectField,
  SwitchField,
  TextField,
  toastError,
  toasts,
} from '@balcao/ui'
import { calendarLocale, defaultSendAt, fromLocalInput, toLocalInput } from './calendar.js'
import { ContactPicker, type ContactOption } from './ContactPicker.js'
import { isSent, STATUS_COLOR, WEEKDAYS, type RepeatEvery, type Schedule, type Weekday } from './types.js'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px', paddingTop: '4px' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: '12px' },
  actions: { display: 'flex', gap: '8px', width: '100%', justifyContent: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  weekdays: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  weekday: { minWidth: '44px', textTransform: 'capitalize' },
})

/** the placeholders the server fills (modules/schedules/services/compose.ts) */
const VARIABLES = ['firstName', 'name', 'number', 'user', 'greeting', 'date', 'hour'].map((v) => `{{${v}}}`).join(' ')
const BODY_MIN = 5
/** sends of one series at most (the server's MAX_SENDS) */
const MAX_SENDS = 365

export interface ScheduleDialogProps {
  open: boolean
  /** the schedule to edit; null creates one */
  schedule: Schedule | null
  /** a new schedule's contact (the ticket's, ?contactId=) and time (a clicked slot) */
  initialContact?: ContactOption | null
  initialSendAt?: Date | null
  onClose: () => void
  onSaved?: (s: Schedule) => void
  onDeleted?: (id: number) => void
}

interface Values {
  contact: ContactOption | null
  body: string
  sendAt: string
  repeatEvery: RepeatEvery
  /** how the repetition ends: after repeatCount sends, or on repeatUntil */
  repeatEnd: 'count' | 'until'
  repeatCount: string
  repeatUntil: string
  repeatWeekdays: Weekday[]
  openTicket: boolean
}

/** the weekday code (MO…SU) of a datetime-local value */
function weekdayOf(v: string): Weekday | null {
  const d = fromLocalInput(v)
  return d ? WEEKDAYS[(d.getDay() + 6) % 7] : null
}

function initialValues(p: ScheduleDialogProps): Values {
  const s = p.schedule
  if (s) {
    return {
      contact: s.contact ? { id: s.contact.id, name: s.contact.name } : { id: s.contactId, name: String(s.contactId) },
      body: s.body,
      sendAt: toLocalInput(new Date(s.sendAt)),
      repeatEvery: s.repeatEvery,
      repeatEnd: s.repeatUntil ? 'until' : 'count',
      repeatCount: String(s.repeatEvery === 'none' ? 2 : s.repeatCount),
      repeatUntil: s.repeatUntil ?? '',
      repeatWeekdays: s.repeatWeekdays ?? [],
      openTicket: s.openTicket === 'enabled',
    }
  }
  return {
    contact: p.initialContact ?? null,
    body: '',
    sendAt: toLocalInput(defaultSendAt(new Date(), p.initialSendAt)),
    repeatEvery: 'none',
    repeatEnd: 'count',
    repeatCount: '2',
    repeatUntil: '',
    repeatWeekdays: [],
    openTicket: false,
  }
}

/** spec 3 §5: body ≥ 5 ('Mensagem muito curta'), contact and time required ('Obrigatório') */
export function validateSchedule(v: Values): Partial<Record<keyof Values, string>> {
  const e: Partial<Record<keyof Values, string>> = {}
  if (!v.body.trim()) e.body = 'validation.scheduleRequired'
  else if (v.body.trim().length < BODY_MIN) e.body = 'validation.scheduleBodyShort'
  if (!v.contact) e.contact = 'validation.scheduleRequired'
  if (!fromLocalInput(v.sendAt)) e.sendAt = 'validation.scheduleRequired'
  if (v.repeatEvery !== 'none' && v.repeatEnd === 'count') {
    const n = Number(v.repeatCount)
    if (!Number.isInteger(n) || n < 1 || n > MAX_SENDS) e.repeatCount = 'validation.scheduleRepeatCount'
  }
  if (v.repeatEvery !== 'none' && v.repeatEnd === 'until') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.repeatUntil)) e.repeatUntil = 'validation.scheduleRequired'
    else if (v.repeatUntil < v.sendAt.slice(0, 10)) e.repeatUntil = 'validation.scheduleRepeatUntil'
  }
  return e
}

/** the repeat as POST/PUT /schedules take it (the server turns it into an rrule) */
function repeatBody(v: Values) {
  if (v.repeatEvery === 'none') {
    return { repeatEvery: 'none', repeatCount: null, repeatUntil: null, repeatWeekdays: [] }
  }
  const byCount = v.repeatEnd === 'count'
  return {
    repeatEvery: v.repeatEvery,
    repeatCount: byCount ? Number(v.repeatCount) : null,
    repeatUntil: byCount ? null : v.repeatUntil,
    repeatWeekdays: v.repeatEvery === 'weekly' ? v.repeatWeekdays : [],
  }
}

export function ScheduleDialog(props: ScheduleDialogProps) {
  const { t, i18n } = useTranslation()
  // Monday-first short names, as WEEKDAYS
  const dayNames = Info.weekdays('short', { locale: calendarLocale(i18n.language) })
  const styles = useStyles()
  const [values, setValues] = useState<Values>(() => initialValues(props))
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const { open, schedule } = props

  // a new opening starts from the schedule (or the defaults) again
  useEffect(() => {
    if (open) {
      setValues(initialValues(props))
      setSubmitted(false)
      setConfirmDelete(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, schedule?.id])

  const readOnly = !!schedule && isSent(schedule)
  const errors = submitted ? validateSchedule(values) : {}
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((old) => ({ ...old, [k]: v }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (readOnly || Object.keys(validateSchedule(values)).length) return
    const when = fromLocalInput(values.sendAt)!
    const body = {
      body: values.body.trim(),
      contactId: values.contact!.id,
      sendAt: when.toISOString(),
      ...repeatBody(values),
      openTicket: values.openTicket ? 'enabled' : 'disabled',
    }
    setBusy(true)
    try {
      const saved = schedule
        ? await api.put<Schedule>(`/schedules/${schedule.id}`, { ...body, userId: schedule.userId ?? undefined })
        : await api.post<Schedule>('/schedules', body)
      toasts.success(t('schedulesPage.saved'), LONG_TOAST_MS)
      props.onSaved?.(saved)
      props.onClose()
    } catch (err) {
      toastError(err, LONG_TOAST_MS)
    } finally {
      setBusy(false)
    }
  }

  const remove = async () => {
    if (!schedule) return
    setBusy(true)
    try {
      await api.delete(`/schedules/${schedule.id}`)
      toasts.success(t('schedulesPage.deleted'), LONG_TOAST_MS)
      props.onDeleted?.(schedule.id)
      props.onClose()
    } catch (err) {
      toastError(err, LONG_TOAST_MS)
    } finally {
      setBusy(false)
    }
  }

  const title = schedule ? (readOnly ? t('schedulesPage.view') : t('schedulesPage.edit')) : t('schedulesPage.add')
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface style={{ maxWidth: '560px' }} aria-describedby={undefined} data-testid="schedule-dialog">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>
              {title}{' '}
              {schedule && (
                <Badge appearance="tint" color={STATUS_COLOR[schedule.status]} data-status={schedule.status}>
                  {t(`schedulesPage.statuses.${schedule.status}`)}
                </Badge>
              )}
            </DialogTitle>
            <DialogContent className={styles.content}>
              {readOnly && (
                <MessageBar intent="info">
                  <MessageBarBody>{t('schedulesPage.sentReadOnly')}</MessageBarBody>
                </MessageBar>
              )}
              {schedule?.error && (
                <MessageBar intent="error">
                  <MessageBarBody data-testid="schedule-error">
                    {t('schedulesPage.error', {
                      // an error code without a text reads as the generic error, never as the code
                      error: t(`errors.${schedule.error}`, {
                        defaultValue: /^ERR_/.test(schedule.error) ? t('errors.generic') : schedule.error,
                      }),
                    })}
                  </MessageBarBody>
                </MessageBar>
              )}
              {readOnly ? (
                <TextField
                  readOnly
                  label={t('schedulesPage.fields.contact')}
                  value={values.contact?.name}
                  onChange={() => {}}
                />
              ) : (
                <ContactPicker value={values.contact} onChange={(c) => set('contact', c)} error={errors.contact} />
              )}
              <TextField
                label={t('schedulesPage.fields.body')}
                name="body"
                multiline
                rows={4}
                required
                readOnly={readOnly}
                value={values.body}
                onChange={(v) => set('body', v)}
                error={errors.body}
                hint={readOnly ? undefined : `${t('schedulesPage.fields.bodyHint')} ${VARIABLES}`}
              />
              <div className={styles.row}>
                <TextField
                  label={t('schedulesPage.fields.sendAt')}
                  name="sendAt"
                  type="datetime-local"
                  required
                  readOnly={readOnly}
                  value={readOnly ? formatShortDateTime(schedule!.sendAt) : values.sendAt}
                  onChange={(v) => set('sendAt', v)}
                  error={errors.sendAt}
                />
                {schedule?.sentAt && (
                  <TextField
                    readOnly
                    label={t('schedulesPage.fields.sentAt')}
                    value={formatShortDateTime(schedule.sentAt)}
                    onChange={() => {}}
                  />
                )}
              </div>
              <div className={styles.row}>
                <SelectField
                  label={t('schedulesPage.fields.repeatEvery')}
                  name="repeatEvery"
                  readOnly={readOnly}
                  value={values.repeatEvery}
                  onChange={(v) => {
                    const every = v as RepeatEvery
                    setValues((old) => ({
                      ...old,
                      repeatEvery: every,
                      // weekly starts on the send's own weekday
                      repeatWeekdays:
                        every === 'weekly' && !old.repeatWeekdays.length
                          ? [weekdayOf(old.sendAt)].filter((d): d is Weekday => !!d)
                          : old.repeatWeekdays,
                    }))
                  }}
                  options={(['none', 'daily', 'weekly', 'monthly'] as const).map((r) => ({
                    value: r,
                    label: t(`schedulesPage.repeat.${r}`),
                  }))}
                />
                {values.repeatEvery !== 'none' && (
                  <SelectField
                    label={t('schedulesPage.fields.repeatEnd')}
                    name="repeatEnd"
                    readOnly={readOnly}
                    value={values.repeatEnd}
                    onChange={(v) => set('repeatEnd', v as Values['repeatEnd'])}
                    options={(['count', 'until'] as const).map((r) => ({
                      value: r,
                      label: t(`schedulesPage.repeatEnd.${r}`),
                    }))}
                  />
                )}
                {values.repeatEvery !== 'none' &&
                  (values.repeatEnd === 'count' ? (
                    <TextField
                      label={t('schedulesPage.fields.repeatCount')}
                      name="repeatCount"
                      type="number"
                      readOnly={readOnly}
                      value={values.repeatCount}
                      onChange={(v) => set('repeatCount', v)}
                      error={errors.repeatCount}
                    />
                  ) : (
                    <TextField
                      label={t('schedulesPage.fields.repeatUntil')}
                      name="repeatUntil"
                      type="date"
                      readOnly={readOnly}
                      value={values.repeatUntil}
                      onChange={(v) => set('repeatUntil', v)}
                      error={errors.repeatUntil}
                    />
                  ))}
              </div>
              {values.repeatEvery === 'weekly' && (
                <Field label={t('schedulesPage.fields.repeatWeekdays')}>
                  <div className={styles.weekdays} role="group" data-testid="repeat-weekdays">
                    {WEEKDAYS.map((d, i) => {
                      const on = values.repeatWeekdays.includes(d)
                      return (
                        <ToggleButton
                          key={d}
                          size="small"
                          className={styles.weekday}
                          checked={on}
                          disabled={readOnly}
                          data-testid={`weekday-${d}`}
                          onClick={() =>
                            set(
                              'repeatWeekdays',
                              on ? values.repeatWeekdays.filter((x) => x !== d) : WEEKDAYS.filter((x) => x === d || values.repeatWeekdays.includes(x))
                            )
                          }
                        >
                          {dayNames[i]}
                        </ToggleButton>
                      )
                    })}
                  </div>
                </Field>
              )}
              {schedule && schedule.repeatEvery !== 'none' && !readOnly && (
                <Caption1 data-testid="repeat-left">{t('schedulesPage.repeatLeft', { count: schedule.repeatCount })}</Caption1>
              )}
              <SwitchField
                label={t('schedulesPage.fields.openTicket')}
                readOnly={readOnly}
                checked={values.openTicket}
                onChange={(v) => set('openTicket', v)}
              />
            </DialogContent>
            <DialogActions fluid>
              <div className={styles.actions}>
                {schedule &&
                  (confirmDelete ? (
                    <Button appearance="primary" onClick={remove} disabled={busy} data-testid="schedule-confirm-delete">
                      {t('schedulesPage.deleteTitle')}
                    </Button>
                  ) : (
                    <Button onClick={() => setConfirmDelete(true)} disabled={busy} data-testid="schedule-delete">
                      {t('schedulesPage.delete')}
                    </Button>
                  ))}
                <span className={styles.grow} />
                <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
                  {t('kit.cancel')}
                </Button>
                {!readOnly && (
                  <Button
                    appearance="primary"
                    type="submit"
                    disabled={busy}
                    icon={busy ? <Spinner size="tiny" /> : undefined}
                    data-testid="schedule-save"
                  >
                    {t('kit.save')}
                  </Button>
                )}
              </div>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
