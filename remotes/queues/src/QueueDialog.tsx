/**
 * Add/edit a queue (spec 2 §2–§5): a queue-data tab, a service-hours tab only
 * when the company's scheduleType is 'queue', and the chatbot option tree.
 * Everything is saved in one POST /queue or PUT /queue/:id.
 */
import { useEffect, useState } from 'react'
import { Body1, Tab, TabList, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import {
  api,
  isApiError,
  maxLength,
  minLength,
  required,
  rules,
  toasts,
  toastError,
  useForm,
  FormDialog,
  ScheduleEditor,
  scheduleRows,
  SelectField,
  SwitchField,
  TextField,
  type Rule,
  isHexColor,
  randomColor,
} from '@balcao/ui'
import { ChatbotEditor, type ChatbotSources } from './ChatbotEditor.js'
import { sourceOptions } from './loadOptions.js'
import { fromServer, toPayload, treeValid, type DraftOption } from './chatbotTree.js'
import { ROTATION_MINUTES, type NamedRef, type Queue, type Schedule } from './types.js'

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: '12px', minHeight: '360px' },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  // a validation message under one field must not stretch its neighbour
  top: { alignItems: 'start' },
  color: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
  picker: {
    width: '40px',
    height: '32px',
    padding: '2px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
  },
})

type TabName = 'data' | 'hours' | 'chatbot'

type Form = {
  name: string
  color: string
  greetingMessage: string
  outOfHoursMessage: string
  orderQueue: string
  ativarRoteador: boolean
  tempoRoteador: string
  integrationId: string
  fileListId: string
  closeTicket: boolean
}

function initial(q: Queue | null): Form {
  return {
    name: q?.name ?? '',
    color: q?.color ?? randomColor(),
    greetingMessage: q?.greetingMessage ?? '',
    outOfHoursMessage: q?.outOfHoursMessage ?? '',
    orderQueue: q?.orderQueue === null || q?.orderQueue === undefined ? '' : String(q.orderQueue),
    ativarRoteador: q?.ativarRoteador ?? false,
    tempoRoteador: String(q?.tempoRoteador || ROTATION_MINUTES[0]),
    integrationId: q?.integrationId ? String(q.integrationId) : '',
    fileListId: q?.fileListId ? String(q.fileListId) : '',
    closeTicket: q?.closeTicket ?? false,
  }
}

const orderRule: Rule = (v) => (v !== '' && !/^\d+$/.test(String(v).trim()) ? 'validation.numeric' : null)

/** An option source that may fail: empty then. */
const optional = <T,>(p: Promise<T[]>) => p.catch(() => [] as T[])

export function QueueDialog(props: {
  queue: Queue | null
  /** the company's queues, for the greeting rule and the chatbot's queue targets */
  queues: Queue[]
  onClose: () => void
  onSaved: (q: Queue) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tab, setTab] = useState<TabName>('data')
  const [scheduleType, setScheduleType] = useState<string | null>(null)
  const [schedules, setSchedules] = useState<Schedule[]>(() =>
    scheduleRows(props.queue?.schedules, (d) => t(`kit.schedule.weekdays.${d}`, { lng: 'pt' }))
  )
  const [chatbots, setChatbots] = useState<DraftOption[]>(() => fromServer(props.queue?.chatbots))
  const [showTreeErrors, setShowTreeErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [sources, setSources] = useState<ChatbotSources>({
    queues: props.queues,
    users: [],
    integrations: [],
    files: [],
  })

  // greeting required once the company has more than one queue (this one included)
  const queueCount = props.queue ? props.queues.length : props.queues.length + 1
  const byQueue = scheduleType === 'queue'
  const form = useForm<Form>(initial(props.queue), {
    name: rules.name,
    color: [required, minLength(3), maxLength(9)],
    greetingMessage: queueCount > 1 ? [(v) => (required(v) ? 'errors.ERR_WAPP_GREETING_REQUIRED' : null)] : [],
    outOfHoursMessage: byQueue ? [required] : [],
    orderQueue: [orderRule],
  })
  const v = form.values

  useEffect(() => {
    api
      .get<{ key: string; value: string }[]>('/settings')
      .then((list) => setScheduleType(list.find((s) => s.key === 'scheduleType')?.value ?? 'disabled'))
      .catch(() => setScheduleType('disabled'))
    // integrations and file lists are other modules' (asked only when one is enabled: no 404s)
    void Promise.all([
      optional(api.get<NamedRef[]>('/users/list')),
      sourceOptions('queueIntegrations'),
      sourceOptions('files'),
    ]).then(([users, integrations, files]) => setSources((s) => ({ ...s, users, integrations, files })))
  }, [])

  const setField = <K extends keyof Form>(key: K, value: Form[K]) => {
    form.set(key, value)
    setServerErrors((e) => ({ ...e, [key]: undefined }))
  }
  const error = (key: keyof Form) => serverErrors[key] ?? form.errors[key]

  const save = async () => {
    const fieldsOk = form.check()
    const treeOk = treeValid(chatbots)
    setShowTreeErrors(true)
    if (!fieldsOk) return setTab('data')
    if (!treeOk) return setTab('chatbot')
    const body = {
      name: v.name.trim(),
      color: v.color.trim(),
      greetingMessage: v.greetingMessage.trim() || null,
      outOfHoursMessage: v.outOfHoursMessage.trim() || null,
      orderQueue: v.orderQueue.trim() === '' ? null : Number(v.orderQueue),
      ativarRoteador: v.ativarRoteador,
      tempoRoteador: Number(v.tempoRoteador),
      integrationId: v.integrationId ? Number(v.integrationId) : null,
      fileListId: v.fileListId ? Number(v.fileListId) : null,
      closeTicket: v.closeTicket,
      ...(byQueue ? { schedules } : {}),
      chatbots: toPayload(chatbots),
    }
    try {
      const saved = props.queue
        ? await api.put<Queue>(`/queue/${props.queue.id}`, body)
        : await api.post<Queue>('/queue', body)
      toasts.success(t('queuesPage.saved'))
      props.onSaved(saved)
    } catch (e) {
      showServerError(e)
    }
  }

  /** Puts the server's answer on the field it concerns, translated, and says it in a toast too. */
  const showServerError = (e: unknown) => {
    toastError(e)
    if (!isApiError(e)) return
    if (e.code === 'ERR_QUEUE_COLOR_ALREADY_EXISTS') setServerErrors({ color: `errors.${e.code}` })
    else if (e.code === 'ERR_WAPP_GREETING_REQUIRED') setServerErrors({ greetingMessage: `errors.${e.code}` })
    else if (e.code === 'ERR_VALIDATION') {
      const next: Partial<Record<keyof Form, string>> = {}
      for (const f of e.fields) {
        if (f.field in v) {
          next[f.field as keyof Form] = f.rule.startsWith('min')
            ? 'validation.tooShort'
            : f.rule.startsWith('max')
              ? 'validation.tooLong'
              : 'validation.required'
        }
      }
      setServerErrors(next)
    } else return
    setTab('data')
  }

  const none = { value: '', label: t('queuesPage.fields.none') }
  const tabs: TabName[] = byQueue ? ['data', 'hours', 'chatbot'] : ['data', 'chatbot']
  const current = tabs.includes(tab) ? tab : 'data'

  return (
    <FormDialog
      open
      wide
      title={props.queue ? t('queuesPage.edit') : t('queuesPage.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TabList selectedValue={current} onTabSelect={(_, d) => setTab(d.value as TabName)}>
        {tabs.map((name) => (
          <Tab key={name} value={name} data-testid={`queue-tab-${name}`}>
            {t(`queuesPage.tabs.${name}`)}
          </Tab>
        ))}
      </TabList>
      {current === 'data' && (
        <div className={styles.tab}>
          <div className={mergeClasses(styles.row, styles.top)}>
            <TextField
              label={t('queuesPage.fields.name')}
              name="name"
              value={v.name}
              onChange={(x) => setField('name', x)}
              error={error('name')}
              required
              autoFocus
            />
            <div className={styles.color}>
              <div className={styles.grow}>
                <TextField
                  label={t('queuesPage.fields.color')}
                  name="color"
                  value={v.color}
                  onChange={(x) => setField('color', x)}
                  error={error('color')}
                  required
                />
              </div>
              <input
                type="color"
                className={styles.picker}
                style={{ marginBottom: error('color') ? 22 : 0 }}
                aria-label={t('queuesPage.fields.pickColor')}
                title={t('queuesPage.fields.pickColor')}
                value={isHexColor(v.color) ? v.color.toLowerCase() : '#000000'}
                onChange={(e) => setField('color', e.target.value)}
              />
            </div>
          </div>
          <TextField
            label={t('queuesPage.fields.greetingMessage')}
            name="greetingMessage"
            multiline
            value={v.greetingMessage}
            onChange={(x) => setField('greetingMessage', x)}
            error={error('greetingMessage')}
            required={queueCount > 1}
          />
          {byQueue && (
            <TextField
              label={t('queuesPage.fields.outOfHoursMessage')}
              name="outOfHoursMessage"
              multiline
              value={v.outOfHoursMessage}
              onChange={(x) => setField('outOfHoursMessage', x)}
              error={error('outOfHoursMessage')}
              required
            />
          )}
          <div className={styles.row}>
            <TextField
              label={t('queuesPage.fields.orderQueue')}
              name="orderQueue"
              type="number"
              value={v.orderQueue}
              onChange={(x) => setField('orderQueue', x)}
              error={error('orderQueue')}
            />
            <SwitchField
              label={t('queuesPage.fields.closeTicket')}
              name="closeTicket"
              checked={v.closeTicket}
              onChange={(c) => setField('closeTicket', c)}
            />
          </div>
          <div className={styles.row}>
            <SwitchField
              label={t('queuesPage.fields.ativarRoteador')}
              name="ativarRoteador"
              checked={v.ativarRoteador}
              onChange={(c) => setField('ativarRoteador', c)}
            />
            <SelectField
              label={t('queuesPage.fields.tempoRoteador')}
              name="tempoRoteador"
              value={v.tempoRoteador}
              disabled={!v.ativarRoteador}
              options={ROTATION_MINUTES.map((m) => ({
                value: String(m),
                label: t('queuesPage.fields.minutes', { count: m }),
              }))}
              onChange={(x) => setField('tempoRoteador', x)}
            />
          </div>
          <div className={styles.row}>
            <SelectField
              label={t('queuesPage.fields.integration')}
              name="integrationId"
              value={v.integrationId}
              options={[none, ...sources.integrations.map((i) => ({ value: String(i.id), label: i.name }))]}
              onChange={(x) => setField('integrationId', x)}
            />
            <SelectField
              label={t('queuesPage.fields.fileList')}
              name="fileListId"
              value={v.fileListId}
              options={[none, ...sources.files.map((f) => ({ value: String(f.id), label: f.name }))]}
              onChange={(x) => setField('fileListId', x)}
            />
          </div>
        </div>
      )}
      {current === 'hours' && (
        <div className={styles.tab}>
          <Body1>{t('queuesPage.hours.hint')}</Body1>
          <ScheduleEditor rows={schedules} onChange={setSchedules} testId="queue-schedules" />
        </div>
      )}
      {current === 'chatbot' && (
        <div className={styles.tab}>
          <ChatbotEditor
            options={chatbots}
            onChange={setChatbots}
            sources={{ ...sources, queues: props.queues }}
            showErrors={showTreeErrors}
          />
        </div>
      )}
    </FormDialog>
  )
}
