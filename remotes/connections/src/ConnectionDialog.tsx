/**
 * The connection editor (spec 2 §2, spec 3 §2): tabs general, the channel's
 * own settings (fields of its manifest, from GET /modules), integrations,
 * messages, chatbot, assessments (NPS) and schedules (only when the company's
 * scheduleType is 'connection'). Each tab is its own file under dialog/; the
 * save is dialog/useConnectionSave.ts.
 */
import { useEffect, useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Tab, TabList, tokens } from '@fluentui/react-components'
import { ErrorCircleFilled } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, isAdmin, rules, useForm, userAtom, FormDialog, type QueueRef } from '@balcao/ui'
import type { Channel, ChannelDef, Connection } from './types.js'
import { channelFieldErrors, crossFieldErrors, initialForm, type ConnectionForm } from './connectionForm.js'
import { loadManifest, localized, useChannels } from './useChannels.js'
import { OPTION_SOURCES, provides, type OptionSource } from '@balcao/ui/core'
import type { Option, TabName } from './dialog/shared.js'
import { tabsWithErrors } from './dialog/fieldErrors.js'
import { GeneralTab } from './dialog/GeneralTab.js'
import { ChannelTab } from './dialog/ChannelTab.js'
import { IntegrationsTab } from './dialog/IntegrationsTab.js'
import { MessagesTab } from './dialog/MessagesTab.js'
import { ChatbotTab } from './dialog/ChatbotTab.js'
import { AssessmentsTab } from './dialog/AssessmentsTab.js'
import { SchedulesTab } from './dialog/SchedulesTab.js'
import { useConnectionSave } from './dialog/useConnectionSave.js'

/** option sources of modules that may not be enabled: asked only when one serves them, an empty list otherwise */
async function options(source: OptionSource): Promise<Option[]> {
  const { modules } = await loadManifest()
  if (!provides(modules, source)) return []
  const { path, key } = OPTION_SOURCES[source]
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
  /** the super user's dialog of another company: edits are saved through PUT /whatsapp-admin/:id */
  saveUrl?: string
  /** the super user's dialog of another company: a new connection is created in this company */
  companyId?: number
  /** the channels of that company's plan (GET /whatsapp-admin/:id/channels); the caller's own by default */
  channels?: ChannelDef[]
  /** that company's queues (GET /whatsapp-admin/:id/channels); the caller's own by default */
  queues?: QueueRef[]
  onClose: () => void
  onSaved: (c: Connection) => void
}

export function ConnectionDialog(props: ConnectionDialogProps) {
  const { t, i18n } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const current = props.connection
  const isNew = !current
  // the super user acting on another company's connections (the all-connections dialog)
  const foreign = Boolean(props.saveUrl || props.companyId)
  const [tab, setTab] = useState<TabName>('general')
  const [ownQueues, setQueues] = useState<QueueRef[]>([])
  const queues = props.queues ?? ownQueues
  const [integrations, setIntegrations] = useState<Option[]>([])
  const [prompts, setPrompts] = useState<Option[]>([])
  const [media, setMedia] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const initial = useMemo(() => initialForm(current, props.channel ?? 'whatsapp'), [current, props.channel])
  const form = useForm<ConnectionForm>(initial, { name: rules.name })
  const v = form.values
  const saver = useConnectionSave()

  const ownChannels = useChannels()
  const channels = props.channels ?? ownChannels
  const channel = channels.find((c) => c.name === v.channel)
  // the super user's dialog of another company's connection sets its channel settings only when creating it
  // (the secrets of an existing one never leave the server)
  const fields = admin && (!foreign || isNew) ? (channel?.fields ?? []) : []
  const secretsSet = current?.channelSecrets ?? {}
  const channelErrors = channelFieldErrors(v, fields, secretsSet)

  const cross = crossFieldErrors(v)
  const error = (k: keyof ConnectionForm) =>
    form.errors[k] ?? saver.serverErrors[k] ?? (saver.submitted || v[k] !== initial[k] ? cross[k] : undefined)
  const settingError = (name: string) =>
    saver.settingsErrors[name] ??
    (saver.submitted || (v.settings[name] ?? '') !== (initial.settings[name] ?? '') ? channelErrors[name] : undefined)

  useEffect(() => {
    // another company's connection (super user): the caller's queues and bots are not its options
    // (its queues come with the company's setup; its bots are not offered here)
    if (foreign) return
    api
      .get<QueueRef[]>('/queue')
      .then((q) => setQueues(Array.isArray(q) ? q : []))
      .catch(() => setQueues([]))
    void options('queueIntegrations').then(setIntegrations)
    void options('prompts').then(setPrompts)
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
      companyId: props.companyId,
      media,
      dropMedia,
      setTab,
      onSaved: props.onSaved,
    })

  // a tab holding a field with an error says so on its label, whichever tab is open
  const flagged = tabsWithErrors(
    (k) => error(k as keyof ConnectionForm),
    Object.fromEntries(fields.map((f) => [f.name, settingError(f.name)]))
  )
  const mark = (name: TabName) =>
    flagged.has(name) ? (
      <ErrorCircleFilled
        style={{ color: tokens.colorPaletteRedForeground1, marginInlineStart: 4, verticalAlign: 'middle' }}
        aria-label={t('connections.tabHasErrors')}
        data-testid={`tab-error-${name}`}
      />
    ) : null
  const tabState = (name: TabName) => (flagged.has(name) ? { 'data-error': 'true' } : {})

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
        <Tab value="general" data-testid="tab-general" {...tabState('general')}>
          {t('connections.tabs.general')}
          {mark('general')}
        </Tab>
        {channel && fields.length > 0 && (
          <Tab value="channel" data-testid="tab-channel" {...tabState('channel')}>
            {channelLabel}
            {mark('channel')}
          </Tab>
        )}
        <Tab value="integrations" data-testid="tab-integrations" {...tabState('integrations')}>
          {t('connections.tabs.integrations')}
          {mark('integrations')}
        </Tab>
        <Tab value="messages" data-testid="tab-messages" {...tabState('messages')}>
          {t('connections.tabs.messages')}
          {mark('messages')}
        </Tab>
        <Tab value="chatbot" data-testid="tab-chatbot" {...tabState('chatbot')}>
          {t('connections.tabs.chatbot')}
          {mark('chatbot')}
        </Tab>
        <Tab value="assessments" data-testid="tab-assessments" {...tabState('assessments')}>
          {t('connections.tabs.assessments')}
          {mark('assessments')}
        </Tab>
        {showSchedules && (
          <Tab value="schedules" data-testid="tab-schedules" {...tabState('schedules')}>
            {t('connections.tabs.schedules')}
            {mark('schedules')}
          </Tab>
        )}
      </TabList>

      {tab === 'general' && (
        <GeneralTab
          {...tabProps}
          current={current}
          queueOptions={queueOptions}
          showToken={admin && !foreign}
          mediaEditable={!foreign}
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
          connectionId={current?.id}
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
