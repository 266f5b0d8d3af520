/**
 * The reply window and message templates of a ticket's channel, drawn from
 * what the channel's manifest declares (GET /modules → channels[].chat): a
 * `window` route answers { applies, open, expiresAt, humanAgentUntil, templates }
 * and `templates` routes list and send templates. Channels that declare nothing
 * keep the chat's own banner (`fallback`). Generic: no channel is named here.
 */
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Text,
} from '@fluentui/react-components'
import { FormDialog, api, loadModulesManifest, toastError, toasts, type ChannelManifestDef } from '@balcao/ui'

interface ChatSupport {
  window?: string
  templates?: { list: string; send: string }
}
interface ChannelDef extends ChannelManifestDef {
  chat?: ChatSupport | null
}
interface WindowState {
  applies: boolean
  open?: boolean
  expiresAt?: string | null
  humanAgentUntil?: string | null
  templates?: boolean
}
interface Template {
  name: string
  language: string
  status: string
  body: string
  variables: number
}

const channelDefs = () => loadModulesManifest<ChannelDef>().then((m) => m.channels)

const fill = (route: string, params: Record<string, string | number>) =>
  route.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')))

export function ChannelWindow(props: {
  ticket: { id: number; channel: string; whatsappId: number | null }
  /** bumps when messages arrive, so the window is read again */
  version: number
  fallback: string | null
}) {
  const { t, i18n } = useTranslation()
  const [support, setSupport] = useState<ChatSupport | null | undefined>(undefined)
  const [state, setState] = useState<WindowState | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [picking, setPicking] = useState(false)

  useEffect(() => {
    let alive = true
    void channelDefs().then((list) => alive && setSupport(list.find((c) => c.name === props.ticket.channel)?.chat ?? null))
    return () => {
      alive = false
    }
  }, [props.ticket.channel])

  useEffect(() => {
    if (!support?.window) return
    let alive = true
    api
      .get<WindowState>(fill(support.window, { ticketId: props.ticket.id }))
      .then((w) => alive && setState(w))
      .catch(() => alive && setState(null))
    return () => {
      alive = false
    }
  }, [support, props.ticket.id, props.version])

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])

  const text = useMemo(() => {
    if (!state?.applies) return null
    const left = state.expiresAt ? Date.parse(state.expiresAt) - now : -1
    if (left > 0)
      return t('inbox.chat.channelWindow.left', { hours: Math.floor(left / 3600000), minutes: Math.floor(left / 60000) % 60 })
    if (state.templates) return t(state.expiresAt ? 'inbox.chat.channelWindow.closedTemplates' : 'inbox.chat.channelWindow.never')
    if (state.humanAgentUntil && Date.parse(state.humanAgentUntil) > now)
      return t('inbox.chat.channelWindow.humanAgent', {
        until: new Date(state.humanAgentUntil).toLocaleString(i18n.language),
      })
    return t('inbox.chat.channelWindow.closed')
  }, [state, now, t, i18n.language])

  if (support === undefined) return null
  if (!support?.window) {
    return props.fallback ? (
      <MessageBar intent="warning" data-testid="reply-window-banner">
        <MessageBarBody>{props.fallback}</MessageBarBody>
      </MessageBar>
    ) : null
  }
  if (!text) return null
  const open = Boolean(state?.expiresAt && Date.parse(state.expiresAt) > now)
  const canPick = Boolean(support.templates && state?.templates && props.ticket.whatsappId)
  return (
    <>
      <MessageBar intent={open ? 'info' : 'warning'} data-testid="reply-window-banner">
        <MessageBarBody>{text}</MessageBarBody>
        {canPick && (
          <MessageBarActions>
            <Button size="small" onClick={() => setPicking(true)} data-testid="open-template-picker">
              {t('inbox.chat.channelWindow.templates')}
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
      {picking && support.templates && props.ticket.whatsappId && (
        <TemplatePicker
          routes={support.templates}
          ticketId={props.ticket.id}
          whatsappId={props.ticket.whatsappId}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  )
}

function TemplatePicker(props: {
  routes: { list: string; send: string }
  ticketId: number
  whatsappId: number
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [templates, setTemplates] = useState<Template[] | null>(null)
  const [chosen, setChosen] = useState<Template | null>(null)
  const [values, setValues] = useState<string[]>([])

  useEffect(() => {
    api
      .get<{ templates: Template[] }>(fill(props.routes.list, { whatsappId: props.whatsappId }))
      .then((r) => setTemplates((r.templates ?? []).filter((x) => x.status === 'APPROVED')))
      .catch((e) => {
        toastError(e)
        setTemplates([])
      })
  }, [props.routes.list, props.whatsappId])

  const key = (x: Template) => `${x.name}|${x.language}`
  const preview = chosen ? chosen.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (all, n) => values[Number(n) - 1] || all) : ''

  const submit = async () => {
    if (!chosen) return
    try {
      await api.post(props.routes.send, {
        ticketId: props.ticketId,
        name: chosen.name,
        language: chosen.language,
        variables: values.slice(0, chosen.variables),
      })
      toasts.success(t('inbox.chat.channelWindow.sent'))
      props.onClose()
    } catch (error) {
      toastError(error)
    }
  }

  return (
    <FormDialog
      open
      title={t('inbox.chat.channelWindow.pick')}
      submitLabel={t('inbox.chat.channelWindow.send')}
      onSubmit={submit}
      onClose={props.onClose}
    >
      {templates && !templates.length && <Text>{t('inbox.chat.channelWindow.none')}</Text>}
      {templates && templates.length > 0 && (
        <Field label={t('inbox.chat.channelWindow.template')} required>
          <Dropdown
            data-testid="template-select"
            value={chosen ? `${chosen.name} (${chosen.language})` : ''}
            onOptionSelect={(_, d) => {
              const found = templates.find((x) => key(x) === d.optionValue) ?? null
              setChosen(found)
              setValues(Array.from({ length: found?.variables ?? 0 }, () => ''))
            }}
          >
            {templates.map((x) => (
              <Option key={key(x)} value={key(x)} text={`${x.name} (${x.language})`}>
                {`${x.name} (${x.language})`}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      {chosen &&
        values.map((v, i) => (
          <Field key={i} label={t('inbox.chat.channelWindow.variable', { n: i + 1 })} required>
            <Input
              name={`template-variable-${i + 1}`}
              value={v}
              onChange={(_, d) => setValues((old) => old.map((o, j) => (j === i ? d.value : o)))}
            />
          </Field>
        ))}
      {chosen && <Text data-testid="template-preview">{preview}</Text>}
    </FormDialog>
  )
}
