/**
 * Outgoing webhooks: the list (URL, events, active), the add dialog (the
 * signing secret is shown once after creating), and the delivery log of the
 * chosen webhook (status, attempts, response code) with a resend button.
 */
import { useCallback, useEffect, useState } from 'react'
import {
  Badge,
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Label,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular, HistoryRegular, KeyRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  DataTable,
  DeleteDialog,
  FormDialog,
  RowActions,
  TextField,
  formatShortDateTime,
  toastError,
  toasts,
  usePagedList,
  type Column,
} from '@balcao/ui'
import { WEBHOOK_EVENTS, type DeliveryRow, type WebhookRow } from './types.js'
import { CodeBlock } from './CodeBlock.js'

const useStyles = makeStyles({
  intro: { color: tokens.colorNeutralForeground2, maxWidth: '900px' },
  url: { overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  events: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  checks: { display: 'flex', flexDirection: 'column' },
  actions: { display: 'flex', gap: '4px', alignItems: 'center' },
})

const evKey = (e: string) => `messagesApiPage.ev_${e.replace('.', '_')}`
const STATUS_COLOR = { pending: 'warning', success: 'success', failed: 'danger' } as const

function Deliveries({ hook }: { hook: WebhookRow }) {
  const { t } = useTranslation()
  const loader = useCallback(
    ({ page, signal }: { page: number; signal: AbortSignal }) =>
      api
        .get<{ deliveries: DeliveryRow[]; hasMore: boolean }>(
          `/messages-api/webhooks/${hook.id}/deliveries`,
          { pageNumber: page },
          signal
        )
        .then((r) => ({ items: r.deliveries, hasMore: r.hasMore })),
    [hook.id]
  )
  const list = usePagedList<DeliveryRow>(loader)
  const resend = async (d: DeliveryRow) => {
    try {
      await api.post(`/messages-api/deliveries/${d.id}/resend`)
      toasts.success(t('messagesApiPage.resent'))
      setTimeout(() => list.reload(), 1500)
    } catch (e) {
      toastError(e)
    }
  }
  const columns: Column<DeliveryRow>[] = [
    { key: 'date', header: t('messagesApiPage.date'), render: (d) => formatShortDateTime(d.createdAt), primary: true },
    { key: 'event', header: t('messagesApiPage.events'), render: (d) => t(evKey(d.event)) },
    {
      key: 'status',
      header: t('messagesApiPage.status'),
      render: (d) => (
        <Badge appearance="tint" color={STATUS_COLOR[d.status]} title={d.lastError ?? undefined}>
          {t(`messagesApiPage.st_${d.status}`)}
        </Badge>
      ),
    },
    { key: 'attempts', header: t('messagesApiPage.attempts'), render: (d) => d.attempts, align: 'end' },
    { key: 'code', header: t('messagesApiPage.responseCode'), render: (d) => d.responseCode ?? '—', align: 'end' },
    {
      key: 'actions',
      header: '',
      actions: true,
      render: (d) => (
        <Button size="small" icon={<ArrowClockwiseRegular />} onClick={() => void resend(d)} disabled={d.status === 'pending'}>
          {t('messagesApiPage.resend')}
        </Button>
      ),
    },
  ]
  return (
    <DataTable
      columns={columns}
      items={list.items}
      getRowId={(d) => d.id}
      loading={list.loading}
      hasMore={list.hasMore}
      onLoadMore={list.loadMore}
      error={list.error}
      onRetry={list.reload}
      emptyTitle={t('messagesApiPage.deliveriesEmpty')}
      maxHeight="420px"
      toolbar={
        <Button icon={<ArrowClockwiseRegular />} onClick={list.reload}>
          {t('messagesApiPage.deliveries')}
        </Button>
      }
    />
  )
}

export function WebhooksSection() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [hooks, setHooks] = useState<WebhookRow[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [adding, setAdding] = useState(false)
  const [form, setForm] = useState<{ url: string; events: string[] }>({ url: '', events: ['message.received'] })
  const [formError, setFormError] = useState<string | null>(null)
  const [secret, setSecret] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<WebhookRow | null>(null)
  const [logOf, setLogOf] = useState<WebhookRow | null>(null)

  const load = () =>
    api
      .get<WebhookRow[]>('/messages-api/webhooks')
      .then((r) => {
        setHooks(r)
        setError(null)
      })
      .catch(setError)
  useEffect(() => void load(), [])

  const save = async () => {
    if (!form.url.trim()) return setFormError('messagesApiPage.required')
    try {
      const created = await api.post<WebhookRow & { secret: string }>('/messages-api/webhooks', {
        url: form.url.trim(),
        events: form.events,
      })
      toasts.success(t('messagesApiPage.webhookSaved'))
      setAdding(false)
      setSecret(created.secret)
      setForm({ url: '', events: ['message.received'] })
      void load()
    } catch (e) {
      toastError(e)
    }
  }

  const toggle = async (hook: WebhookRow, active: boolean) => {
    try {
      await api.put(`/messages-api/webhooks/${hook.id}`, { active })
      void load()
    } catch (e) {
      toastError(e)
    }
  }

  const showSecret = async (hook: WebhookRow) => {
    try {
      setSecret((await api.get<{ secret: string }>(`/messages-api/webhooks/${hook.id}/secret`)).secret)
    } catch (e) {
      toastError(e)
    }
  }

  const columns: Column<WebhookRow>[] = [
    { key: 'url', header: t('messagesApiPage.url'), render: (h) => <span className={styles.url}>{h.url}</span>, primary: true },
    {
      key: 'events',
      header: t('messagesApiPage.events'),
      render: (h) => (
        <span className={styles.events}>
          {h.events.map((e) => (
            <Badge key={e} appearance="outline">
              {t(evKey(e))}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      key: 'active',
      header: t('messagesApiPage.active'),
      render: (h) => (
        <Switch checked={h.active} onChange={(_, d) => void toggle(h, d.checked)} aria-label={t('messagesApiPage.active')} />
      ),
    },
    {
      key: 'actions',
      header: '',
      actions: true,
      render: (h) => (
        <span className={styles.actions}>
          <Button size="small" appearance="subtle" icon={<HistoryRegular />} title={t('messagesApiPage.deliveries')} aria-label={t('messagesApiPage.deliveries')} onClick={() => setLogOf(h)} />
          <Button size="small" appearance="subtle" icon={<KeyRegular />} title={t('messagesApiPage.showSecret')} aria-label={t('messagesApiPage.showSecret')} onClick={() => void showSecret(h)} />
          <RowActions onDelete={() => setDeleting(h)} deleteId={`delete-webhook-${h.id}`} />
        </span>
      ),
    },
  ]

  return (
    <>
      <Body1 className={styles.intro}>{t('messagesApiPage.webhooksIntro')}</Body1>
      <DataTable
        columns={columns}
        items={hooks ?? []}
        getRowId={(h) => h.id}
        loading={hooks === null && !error}
        error={error}
        onRetry={() => void load()}
        emptyTitle={t('messagesApiPage.webhooksEmpty')}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
            {t('messagesApiPage.addWebhook')}
          </Button>
        }
      />
      {logOf && (
        <>
          <Subtitle2 as="h2">{t('messagesApiPage.deliveriesOf', { url: logOf.url })}</Subtitle2>
          <Deliveries key={logOf.id} hook={logOf} />
        </>
      )}
      <FormDialog
        open={adding}
        title={t('messagesApiPage.addWebhook')}
        onClose={() => setAdding(false)}
        onSubmit={save}
        submitLabel={t('messagesApiPage.save')}
      >
        <TextField
          name="url"
          label={t('messagesApiPage.url')}
          required
          type="url"
          value={form.url}
          placeholder="https://"
          error={formError}
          onChange={(url) => {
            setForm((f) => ({ ...f, url }))
            setFormError(null)
          }}
        />
        {/* not a Field: a Field hands its one id to every checkbox inside */}
        <div className={styles.checks} role="group" aria-labelledby="webhook-events-label">
          <Label id="webhook-events-label" required>
            {t('messagesApiPage.events')}
          </Label>
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox
              key={e}
              label={t(evKey(e))}
              checked={form.events.includes(e)}
              onChange={(_, d) =>
                setForm((f) => ({
                  ...f,
                  events: d.checked ? [...f.events.filter((x) => x !== e), e] : f.events.filter((x) => x !== e),
                }))
              }
            />
          ))}
        </div>
      </FormDialog>
      <Dialog open={secret !== null} onOpenChange={(_, d) => !d.open && setSecret(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('messagesApiPage.secretTitle')}</DialogTitle>
            <DialogContent>
              <Body1>{t('messagesApiPage.secretText')}</Body1>
              <CodeBlock code={secret ?? ''} label={t('messagesApiPage.secretTitle')} testId="webhook-secret" />
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setSecret(null)}>
                {t('messagesApiPage.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <DeleteDialog
        item={deleting}
        title={deleting ? t('messagesApiPage.deleteTitle', { url: deleting.url }) : ''}
        path={(h) => `/messages-api/webhooks/${h.id}`}
        onDeleted={(h) => {
          setHooks((list) => (list ?? []).filter((x) => x.id !== h.id))
          if (logOf?.id === h.id) setLogOf(null)
        }}
        successText={t('messagesApiPage.webhookDeleted')}
        onClose={() => setDeleting(null)}
      >
        {t('messagesApiPage.deleteWarning')}
      </DeleteDialog>
    </>
  )
}
