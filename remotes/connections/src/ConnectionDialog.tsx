/**
 * The connection editor (spec 2 §2, spec 3 §2): tabs general, the channel's
 * own settings (fields of its manifest, from GET /modules), integrations,
 * messages, chatbot, assessments (NPS) and schedules (only when the company's
 * scheduleType is 'connection'). Each tab is its own file under dialog/; the
 * save is dialog/useConnectionSave.ts.
 */
import { useEffect, useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Tab, TabList } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, isAdmin, rules, useForm, userAtom, FormDialog, type QueueRef } from '@balcao/ui'
import type { Channel, Connection } from './types.js'
import { channelFieldErrors, crossFieldErrors, initialForm, type ConnectionForm } from './connectionForm.js'
import { localized, useChannels } from './useChannels.js'
import type { Option, TabName } from './dialog/shared.js'
import { GeneralTab } from './dialog/GeneralTab.js'
import { ChannelTab } from './dialog/ChannelTab.js'
import { IntegrationsTab } from './dialog/IntegrationsTab.js'
import { MessagesTab } from './dialog/MessagesTab.js'
import { ChatbotTab } from './dialog/ChatbotTab.js'
import { AssessmentsTab } from './dialog/AssessmentsTab.js'
import { SchedulesTab } from './dialog/SchedulesTab.js'
import { useConnectionSave } from './dialog/useConnectionSave.js'

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
  const { t, i18n } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const current = props.connection
  const isNew = !current
  const foreign = Boolean(props.saveUrl)
  const [tab, setTab] = useState<TabName>('general')
  const [queues, setQueues] = useState<QueueRef[]>([])
  const [integrations, setIntegrations] = useState<Option[]>([])
  const [prompts, setPrompts] = useState<Option[]>([])
  const [media, setMedia] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const initial = useMemo(() => initialForm(current, props.channel ?? 'whatsapp'), [current, props.channel])
  const form = useForm<ConnectionForm>(initial, { name: rules.name })
  const v = form.values
  const saver = useConnectionSave()

  const channels = useChannels()
  const channel = channels.find((c) => c.name === v.channel)
  // the super user's dialog of another company's connection does not edit its channel settings
  const fields = !foreign && admin ? (channel?.fields ?? []) : []
  const secretsSet = current?.channelSecrets ?? {}
  const channelErrors = channelFieldErrors(v, fields, secretsSet)

  const cross = crossFieldErrors(v)
  const error = (k: keyof ConnectionForm) =>
    form.errors[k] ?? saver.serverErrors[k] ?? (saver.submitted || v[k] !== initial[k] ? cross[k] : undefined)
  const settingError = (name: string) =>
    saver.settingsErrors[name] ??
    (saver.submitted || (v.settings[name] ?? '') !== (initial.settings[name] ?? '') ? channelErrors[name] : undefined)

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
    saver.clearField(k)
  }
  const setSetting = (name: string, value: string) => {
    form.set('settings', { ...v.settings, [name]: value })
    saver.clearSetting(name)
  }

  const save = () =>
    saver.save({
      current,
      values: v,
      check: form.check,
      cross,
      channelErrors,
      fields,
      admin,
      saveUrl: props.saveUrl,
      media,
      dropMedia,
      setTab,
      onSaved: props.onSaved,
    })

  const queueOptions = queues.map((q) => ({ value: String(q.id), label: q.name }))
  const showSchedules = props.scheduleType === 'connection'
  const channelLabel = channel ? localized(channel.label, i18n.language) : v.channel
  const tabProps = { v, set, error }

  return (
    <FormDialog
      open
      wide
      title={isNew ? t('connections.add', { channel: channelLabel }) : t('connections.edit')}
      onSubmit={save}
      onClose={props.onClose}
    >
      {/* on a phone the tabs scroll sideways instead of clipping the last one */}
      <TabList
        selectedValue={tab}
        onTabSelect={(_, d) => setTab(d.value as TabName)}
        size="small"
        style={{ overflowX: 'auto', flexWrap: 'nowrap', maxWidth: '100%' }}
      >
        <Tab value="general" data-testid="tab-general">
          {t('connections.tabs.general')}
        </Tab>
        {channel && fields.length > 0 && (
          <Tab value="channel" data-testid="tab-channel">
            {channelLabel}
          </Tab>
        )}
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
        <GeneralTab
          {...tabProps}
          current={current}
          queueOptions={queueOptions}
          showToken={admin && !foreign}
          media={media}
          dropMedia={dropMedia}
          onMedia={(file, drop) => {
            setMedia(file)
            setDropMedia(drop)
          }}
        />
      )}
      {tab === 'channel' && channel && fields.length > 0 && (
        <ChannelTab
          v={v}
          channel={{ ...channel, fields }}
          secretsSet={secretsSet}
          errors={Object.fromEntries(fields.map((f) => [f.name, settingError(f.name)]))}
          onChange={setSetting}
        />
      )}
      {tab === 'integrations' && <IntegrationsTab {...tabProps} integrations={integrations} prompts={prompts} />}
      {tab === 'messages' && <MessagesTab {...tabProps} />}
      {tab === 'chatbot' && <ChatbotTab {...tabProps} queueOptions={queueOptions} />}
      {tab === 'assessments' && <AssessmentsTab {...tabProps} />}
      {tab === 'schedules' && showSchedules && <SchedulesTab {...tabProps} />}
    </FormDialog>
  )
}
