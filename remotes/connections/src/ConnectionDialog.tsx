/**
 * The connection editor (spec 2 §2, spec 3 §2): tabs general, integrations,
 * messages, chatbot, assessments (NPS) and schedules (only when the company's
 * scheduleType is 'connection'). Every field the server accepts is here;
 * fields whose features arrive later are saved all the same.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  isApiError,
  rules,
  toastError,
  toasts,
  useForm,
  userAtom,
  FormDialog,
  MultiSelectField,
  SelectField,
  SwitchField,
  TextField,
  ScheduleEditor,
  type QueueRef,
} from '@balcao/ui'
import type { Channel, Connection } from './types.js'
import {
  TAB_OF,
  crossFieldErrors,
  initialForm,
  newToken,
  toBody,
  type ConnectionForm,
} from './connectionForm.js'

type TabName = 'general' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules'

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', gap: '12px', minHeight: '360px' },
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  row3: { display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: '12px' },
  section: {
    fontWeight: tokens.fontWeightSemibold,
    marginTop: '8px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: '8px',
  },
  media: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
})

interface Option {
  id: number
  name: string
}

/** option sources of modules that may not be installed: an empty list then */
async function options(path: string, key: string): Promise<Option[]> {
  try {
    const r = await api.get<unknown>(path)
    const list = Array.isArray(r) ? r : ((r as Record<string, unknown>)?.[key] ?? [])
    return (list as Option[]).filter((o) => o && typeof o.id === 'number')
  } catch {
    return []
  }
}

export interface ConnectionDialogProps {
  connection: Connection | null
  /** channel of a new connection (from the add menu) */
  channel?: Channel
  /** scheduleType of the company: the schedules tab shows only for 'connection' */
  scheduleType?: string
  /** the super user's dialog saves through PUT /whatsapp-admin/:id */
  saveUrl?: string
  onClose: () => void
  onSaved: (c: Connection) => void
}

export function ConnectionDialog(props: ConnectionDialogProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const current = props.connection
  const isNew = !current
  const [tab, setTab] = useState<TabName>('general')
  const [queues, setQueues] = useState<QueueRef[]>([])
  const [integrations, setIntegrations] = useState<Option[]>([])
  const [prompts, setPrompts] = useState<Option[]>([])
  const [media, setMedia] = useState<File | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ConnectionForm, string>>>({})
  const [submitted, setSubmitted] = useState(false)
  const initial = useMemo(() => initialForm(current, props.channel ?? 'whatsapp'), [current, props.channel])
  const form = useForm<ConnectionForm>(initial, { name: rules.name })
  const v = form.values
  const cross = crossFieldErrors(v)
  const error = (k: keyof ConnectionForm) =>
    form.errors[k] ?? serverErrors[k] ?? (submitted || v[k] !== initial[k] ? cross[k] : undefined)

  const foreign = Boolean(props.saveUrl)
  useEffect(() => {
    // another company's connection (super user): this company's queues and bots are not its options
    if (foreign) return
    api
      .get<QueueRef[]>('/queue')
      .then((q) => setQueues(Array.isArray(q) ? q : []))
      .catch(() => setQueues([]))
    void options('/queueIntegration', 'queueIntegrations').then(setIntegrations)
    void options('/prompt', 'prompts').then(setPrompts)
  }, [foreign])

  const set = <K extends keyof ConnectionForm>(k: K, value: ConnectionForm[K]) => {
    form.set(k, value)
    if (serverErrors[k]) setServerErrors((e) => ({ ...e, [k]: undefined }))
  }
  const save = async () => {
    setSubmitted(true)
    const ok = form.check()
    const firstCross = (Object.keys(cross) as (keyof ConnectionForm)[])[0]
    if (!ok || firstCross) {
      setTab(!ok ? 'general' : ((TAB_OF[firstCross] as TabName) ?? 'general'))
      return
    }
    const body = toBody(v, { isNew, admin: admin && !props.saveUrl })
    try {
      let saved = current
        ? await api.put<Connection>(props.saveUrl ?? `/whatsapp/${current.id}`, body)
        : await api.post<Connection>('/whatsapp', body)
      if (media) {
        const data = new FormData()
        data.append('file', media)
        saved = await api.upload<Connection>(`/whatsapp/${saved.id}/media-upload`, data)
      } else if (dropMedia && current?.greetingMediaName) {
        saved = await api.delete<Connection>(`/whatsapp/${saved.id}/media-upload`)
      }
      toasts.success(t('connections.saved'))
      props.onSaved(saved)
    } catch (e) {
      if (isApiError(e) && e.fields.length) {
        const next: Partial<Record<keyof ConnectionForm, string>> = {}
        for (const f of e.fields) {
          const key = (f.field === 'importOldMessages' ? 'importOldMessagesDate' : f.field) as keyof ConnectionForm
          next[key] = serverRule(f.rule)
        }
        setServerErrors(next)
        const first = Object.keys(next)[0] as keyof ConnectionForm
        setTab((TAB_OF[first] as TabName) ?? 'general')
      }
      toastError(e)
    }
  }

  const queueOptions = queues.map((q) => ({ value: String(q.id), label: q.name }))
  const none = { value: '', label: t('connections.form.none') }
  const showSchedules = props.scheduleType === 'connection'
  const whatsapp = v.channel === 'whatsapp'
  const restartWarning = !isNew && current?.status === 'CONNECTED' && v.importOldMessages && !current.importOldMessages

  return (
    <FormDialog
      open
      wide
      title={isNew ? t('connections.add', { channel: t(`connections.channel.${v.channel}`) }) : t('connections.edit')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as TabName)} size="small">
        <Tab value="general" data-testid="tab-general">
          {t('connections.tabs.general')}
        </Tab>
        <Tab value="integrations" data-testid="tab-integrations">
          {t('connections.tabs.integrations')}
        </Tab>
        <Tab value="messages" data-testid="tab-messages">
          {t('connections.tabs.messages')}
        </Tab>
        <Tab value="chatbot" data-testid="tab-chatbot">
          {t('connections.tabs.chatbot')}
        </Tab>
        <Tab value="assessments" data-testid="tab-assessments">
          {t('connections.tabs.assessments')}
        </Tab>
        {showSchedules && (
          <Tab value="schedules" data-testid="tab-schedules">
            {t('connections.tabs.schedules')}
          </Tab>
        )}
      </TabList>

      {tab === 'general' && (
        <div className={styles.tab}>
          <div className={styles.row}>
            <TextField
              label={t('connections.form.name')}
              name="name"
              value={v.name}
              onChange={(x) => set('name', x)}
              error={error('name')}
              required
              autoFocus
            />
            <TextField
              label={t('connections.form.color')}
              name="color"
              placeholder="#25D366"
              value={v.color}
              onChange={(x) => set('color', x)}
            />
          </div>
          <div className={styles.row}>
            <SwitchField
              label={t('connections.form.isDefault')}
              name="isDefault"
              checked={v.isDefault}
              onChange={(c) => set('isDefault', c)}
            />
            {whatsapp && (
              <SwitchField
                label={t('connections.form.allowGroup')}
                name="allowGroup"
                checked={v.allowGroup}
                onChange={(c) => set('allowGroup', c)}
              />
            )}
          </div>
          {whatsapp && (
            <SelectField
              label={t('connections.form.groupAsTicket')}
              value={v.groupAsTicket}
              options={[
                { value: 'disabled', label: t('connections.form.disabled') },
                { value: 'enabled', label: t('connections.form.enabled') },
              ]}
              onChange={(x) => set('groupAsTicket', x as ConnectionForm['groupAsTicket'])}
            />
          )}
          <MultiSelectField
            label={t('connections.form.queues')}
            values={v.queueIds}
            options={queueOptions}
            placeholder={queues.length ? undefined : t('connections.form.noQueues')}
            onChange={(x) => set('queueIds', x)}
          />

          <div className={styles.section}>{t('connections.form.greetingMedia')}</div>
          <div className={styles.media}>
            <Button icon={<ArrowUploadRegular />} size="small" onClick={() => fileRef.current?.click()}>
              {t('connections.form.chooseMedia')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="image/*,video/*"
              hidden
              data-testid="greeting-media"
              onChange={(e) => {
                setMedia(e.target.files?.[0] ?? null)
                setDropMedia(false)
              }}
            />
            <Caption1>
              {media?.name ?? (!dropMedia && current?.greetingMediaName) ?? t('connections.form.noMedia')}
            </Caption1>
            {(media || (current?.greetingMediaName && !dropMedia)) && (
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('connections.form.removeMedia')}
                onClick={() => {
                  setMedia(null)
                  setDropMedia(true)
                }}
              />
            )}
          </div>
          <Caption1>{t('connections.form.mediaHint')}</Caption1>

          {whatsapp && (
            <>
              <div className={styles.section}>{t('connections.form.importTitle')}</div>
              <SwitchField
                label={t('connections.form.importOldMessages')}
                name="importOldMessages"
                checked={v.importOldMessages}
                onChange={(c) => set('importOldMessages', c)}
              />
              {restartWarning && (
                <MessageBar intent="warning">
                  <MessageBarBody>{t('connections.form.importRestartWarning')}</MessageBarBody>
                </MessageBar>
              )}
              {!isNew && current?.importOldMessages && (
                <MessageBar intent="info">
                  <MessageBarBody>{t('connections.form.importedImageWarning')}</MessageBarBody>
                </MessageBar>
              )}
              {v.importOldMessages && (
                <>
                  <div className={styles.row}>
                    <TextField
                      label={t('connections.form.importOldMessagesDate')}
                      name="importOldMessagesDate"
                      type="date"
                      value={v.importOldMessagesDate}
                      onChange={(x) => set('importOldMessagesDate', x)}
                      error={error('importOldMessagesDate')}
                      required
                    />
                    <TextField
                      label={t('connections.form.importRecentMessages')}
                      name="importRecentMessages"
                      type="date"
                      value={v.importRecentMessages}
                      onChange={(x) => set('importRecentMessages', x)}
                      error={error('importRecentMessages')}
                    />
                  </div>
                  <div className={styles.row}>
                    <SwitchField
                      label={t('connections.form.importOldMessagesGroups')}
                      checked={v.importOldMessagesGroups}
                      onChange={(c) => set('importOldMessagesGroups', c)}
                    />
                    <SwitchField
                      label={t('connections.form.closedTicketsPostImported')}
                      checked={v.closedTicketsPostImported}
                      onChange={(c) => set('closedTicketsPostImported', c)}
                    />
                  </div>
                </>
              )}
            </>
          )}

          {admin && !props.saveUrl && (
            <>
              <div className={styles.section}>{t('connections.form.tokenTitle')}</div>
              <Field
                label={t('connections.form.token')}
                hint={t('connections.form.tokenHint')}
                validationState={error('token') ? 'error' : 'none'}
                validationMessage={error('token') ? t(error('token')!) : undefined}
              >
                <Input
                  readOnly
                  value={v.token}
                  name="token"
                  data-testid="connection-token"
                  contentAfter={
                    <Button
                      size="small"
                      appearance="transparent"
                      icon={<ArrowClockwiseRegular />}
                      aria-label={t('connections.form.regenerateToken')}
                      title={t('connections.form.regenerateToken')}
                      data-testid="regenerate-token"
                      onClick={() => set('token', newToken())}
                    />
                  }
                />
              </Field>
            </>
          )}
        </div>
      )}

      {tab === 'integrations' && (
        <div className={styles.tab}>
          <SelectField
            label={t('connections.form.integration')}
            value={v.integrationId}
            options={[none, ...integrations.map((o) => ({ value: String(o.id), label: o.name }))]}
            onChange={(x) => set('integrationId', x)}
            hint={integrations.length ? undefined : t('connections.form.noIntegrations')}
          />
          <SelectField
            label={t('connections.form.prompt')}
            value={v.promptId}
            options={[none, ...prompts.map((o) => ({ value: String(o.id), label: o.name }))]}
            onChange={(x) => set('promptId', x)}
            hint={prompts.length ? undefined : t('connections.form.noPrompts')}
          />
          <SelectField
            label={t('connections.form.provider')}
            value={v.provider}
            options={[
              { value: 'beta', label: 'Baileys (beta)' },
              { value: 'stable', label: t('connections.form.providerStable') },
            ]}
            onChange={(x) => set('provider', x)}
          />
        </div>
      )}

      {tab === 'messages' && (
        <div className={styles.tab}>
          <TextField
            label={t('connections.form.greetingMessage')}
            name="greetingMessage"
            multiline
            value={v.greetingMessage}
            onChange={(x) => set('greetingMessage', x)}
          />
          <TextField
            label={t('connections.form.complationMessage')}
            name="complationMessage"
            multiline
            value={v.complationMessage}
            onChange={(x) => set('complationMessage', x)}
          />
          <TextField
            label={t('connections.form.outOfHoursMessage')}
            name="outOfHoursMessage"
            multiline
            value={v.outOfHoursMessage}
            onChange={(x) => set('outOfHoursMessage', x)}
          />
          <TextField
            label={t('connections.form.inactiveMessage')}
            name="inactiveMessage"
            multiline
            value={v.inactiveMessage}
            onChange={(x) => set('inactiveMessage', x)}
          />
          <TextField
            label={t('connections.form.expiresInactiveMessage')}
            name="expiresInactiveMessage"
            multiline
            value={v.expiresInactiveMessage}
            onChange={(x) => set('expiresInactiveMessage', x)}
          />
          <div className={styles.section}>{t('connections.form.vacationTitle')}</div>
          <TextField
            label={t('connections.form.collectiveVacationMessage')}
            name="collectiveVacationMessage"
            multiline
            value={v.collectiveVacationMessage}
            onChange={(x) => set('collectiveVacationMessage', x)}
          />
          <div className={styles.row}>
            <TextField
              label={t('connections.form.collectiveVacationStart')}
              name="collectiveVacationStart"
              type="date"
              value={v.collectiveVacationStart}
              onChange={(x) => set('collectiveVacationStart', x)}
              error={error('collectiveVacationStart')}
            />
            <TextField
              label={t('connections.form.collectiveVacationEnd')}
              name="collectiveVacationEnd"
              type="date"
              value={v.collectiveVacationEnd}
              onChange={(x) => set('collectiveVacationEnd', x)}
              error={error('collectiveVacationEnd')}
            />
          </div>
        </div>
      )}

      {tab === 'chatbot' && (
        <div className={styles.tab}>
          <div className={styles.row}>
            <SelectField
              label={t('connections.form.sendIdQueue')}
              name="sendIdQueue"
              value={v.sendIdQueue}
              options={[none, ...queueOptions]}
              onChange={(x) => set('sendIdQueue', x)}
              error={error('sendIdQueue')}
            />
            <TextField
              label={t('connections.form.timeSendQueue')}
              name="timeSendQueue"
              type="number"
              value={v.timeSendQueue}
              onChange={(x) => set('timeSendQueue', x)}
              error={error('timeSendQueue')}
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t('connections.form.maxUseBotQueues')}
              name="maxUseBotQueues"
              type="number"
              value={v.maxUseBotQueues}
              onChange={(x) => set('maxUseBotQueues', x)}
              error={error('maxUseBotQueues')}
            />
            <TextField
              label={t('connections.form.timeUseBotQueues')}
              name="timeUseBotQueues"
              type="number"
              value={v.timeUseBotQueues}
              onChange={(x) => set('timeUseBotQueues', x)}
              error={error('timeUseBotQueues')}
            />
          </div>
          <TextField
            label={t('connections.form.timeCreateNewTicket')}
            name="timeCreateNewTicket"
            type="number"
            value={v.timeCreateNewTicket}
            onChange={(x) => set('timeCreateNewTicket', x)}
            error={error('timeCreateNewTicket')}
          />
          <div className={styles.row}>
            <TextField
              label={t('connections.form.expiresTicket')}
              name="expiresTicket"
              type="number"
              value={v.expiresTicket}
              onChange={(x) => set('expiresTicket', x)}
              error={error('expiresTicket')}
            />
            <SelectField
              label={t('connections.form.whenExpiresTicket')}
              value={v.whenExpiresTicket}
              options={[
                { value: '0', label: t('connections.form.whenExpires0') },
                { value: '1', label: t('connections.form.whenExpires1') },
              ]}
              onChange={(x) => set('whenExpiresTicket', x as '0' | '1')}
            />
          </div>
          <TextField
            label={t('connections.form.timeInactiveMessage')}
            name="timeInactiveMessage"
            type="number"
            value={v.timeInactiveMessage}
            onChange={(x) => set('timeInactiveMessage', x)}
            error={error('timeInactiveMessage')}
          />
        </div>
      )}

      {tab === 'assessments' && (
        <div className={styles.tab}>
          <TextField
            label={t('connections.form.ratingMessage')}
            name="ratingMessage"
            multiline
            value={v.ratingMessage}
            onChange={(x) => set('ratingMessage', x)}
            hint={t('connections.form.ratingHint')}
          />
          <div className={styles.row}>
            <TextField
              label={t('connections.form.expiresTicketNPS')}
              name="expiresTicketNPS"
              type="number"
              value={v.expiresTicketNPS}
              onChange={(x) => set('expiresTicketNPS', x)}
              error={error('expiresTicketNPS')}
            />
            <TextField
              label={t('connections.form.maxUseBotQueuesNPS')}
              name="maxUseBotQueuesNPS"
              type="number"
              value={v.maxUseBotQueuesNPS}
              onChange={(x) => set('maxUseBotQueuesNPS', x)}
              error={error('maxUseBotQueuesNPS')}
            />
          </div>
        </div>
      )}

      {tab === 'schedules' && showSchedules && (
        <div className={styles.tab}>
          <ScheduleEditor rows={v.schedules} onChange={(rows) => set('schedules', rows)} />
        </div>
      )}
    </FormDialog>
  )
}

/** server field rules → the spec's messages */
function serverRule(rule: string) {
  switch (rule) {
    case 'required':
      return 'validation.required'
    case 'minLength':
      return 'validation.tooShort'
    case 'maxLength':
      return 'validation.tooLong'
    case 'errorSendQueue':
      return 'connections.validation.errorSendQueue'
    case 'errorExpiresNPS':
      return 'connections.validation.errorExpiresNPS'
    case 'unique':
      return 'connections.validation.unique'
    case 'range':
      return 'connections.validation.importStart'
    case 'min':
      return 'connections.validation.vacationMin'
    case 'afterStart':
      return 'connections.validation.vacationEnd'
    default:
      return 'connections.validation.invalid'
  }
}
