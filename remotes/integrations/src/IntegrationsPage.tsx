/**
 * /queue-integration (spec 3 §2): search, add, a table with the type logo,
 * id and name, edit/delete, infinite scroll; the dialog has a type select and
 * the fields of that type, and a test button for Dialogflow credentials.
 * Secrets come back as masks only; live via company-{id}-queueIntegration.
 * Webhook and n8n rows open their delivery log (every try, newest first).
 */
import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import { useAtomValue } from 'jotai'
import {
  Badge,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, BotRegular, ChatSparkleRegular, FlowRegular, GlobeRegular, HistoryRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  formatShortDateTime,
  isAdmin,
  minLength,
  maxLength,
  required,
  realtime,
  toasts,
  toastError,
  url,
  userAtom,
  usePagedList,
  LONG_TOAST_MS,
  useForm,
  DataTable,
  DeleteDialog,
  FormDialog,
  Page,
  RowActions,
  SelectField,
  TextField,
  type Column,
} from '@balcao/ui'

type IntegrationType = 'dialogflow' | 'n8n' | 'webhook' | 'typebot'

export interface Integration {
  id: number
  type: IntegrationType
  name: string
  projectName: string | null
  jsonContent: string | null
  credentialsEmail: string | null
  language: string | null
  urlN8N: string | null
  secret: string | null
  typebotSlug: string | null
  typebotExpires: number
  typebotDelayMessage: number
  typebotKeywordFinish: string | null
  typebotKeywordRestart: string | null
  typebotRestartMessage: string | null
  typebotUnknownMessage: string | null
}

const useStyles = makeStyles({
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    fontWeight: tokens.fontWeightSemibold,
  },
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '28px',
    height: '28px',
    borderRadius: tokens.borderRadiusMedium,
    color: '#fff',
    fontSize: '18px',
  },
  actions: { display: 'inline-flex', alignItems: 'center' },
  // the whole width of a phone, no sideways scroll: the table turns into cards below 600 px
  deliveriesSurface: { maxWidth: '720px', width: '100%', boxSizing: 'border-box' },
  deliveriesContent: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  error: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  detail: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
  more: { display: 'flex', justifyContent: 'center' },
})

/** brand colours of each type's logo */
const LOGOS: Record<IntegrationType, { label: string; color: string; icon: ReactElement }> = {
  n8n: { label: 'n8n', color: '#ea4b71', icon: <FlowRegular /> },
  webhook: { label: 'Webhook', color: '#3b6fd6', icon: <GlobeRegular /> },
  typebot: { label: 'Typebot', color: '#0042da', icon: <BotRegular /> },
  dialogflow: { label: 'Dialogflow', color: '#ef6c00', icon: <ChatSparkleRegular /> },
}

export function TypeLogo({ type }: { type: IntegrationType }) {
  const styles = useStyles()
  const l = LOGOS[type] ?? LOGOS.webhook
  return (
    <span className={styles.logo}>
      <span className={styles.badge} style={{ background: l.color }} aria-hidden>
        {l.icon}
      </span>
      {l.label}
    </span>
  )
}

const randomSecret = () => {
  const bytes = new Uint8Array(24)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function IntegrationDialog(props: { item: Integration | null; onClose: () => void; onSaved: (i: Integration) => void }) {
  const { t } = useTranslation()
  const i = props.item
  const form = useForm(
    {
      type: (i?.type ?? 'n8n') as IntegrationType,
      name: i?.name ?? '',
      projectName: i?.projectName ?? '',
      jsonContent: '',
      language: i?.language ?? 'pt-BR',
      urlN8N: i?.urlN8N ?? '',
      secret: i ? '' : randomSecret(),
      typebotSlug: i?.typebotSlug ?? '',
      typebotExpires: String(i?.typebotExpires ?? 1),
      typebotDelayMessage: String(i?.typebotDelayMessage ?? 1000),
      typebotKeywordFinish: i?.typebotKeywordFinish ?? '',
      typebotKeywordRestart: i?.typebotKeywordRestart ?? '',
      typebotRestartMessage: i?.typebotRestartMessage ?? '',
      typebotUnknownMessage: i?.typebotUnknownMessage ?? '',
    },
    { name: [required, minLength(2), maxLength(50)], urlN8N: [url] }
  )
  const v = form.values
  const f = (key: keyof typeof v, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={key} value={v[key]} onChange={(x) => form.set(key, x as never)} error={form.errors[key]} {...extra} />
  )
  const body = () => ({
    type: v.type,
    name: v.name.trim(),
    projectName: v.type === 'dialogflow' ? v.projectName.trim() : v.name.trim(),
    jsonContent: v.jsonContent.trim() || (i?.jsonContent ?? null),
    language: v.language,
    urlN8N: v.type === 'dialogflow' ? null : v.urlN8N.trim(),
    secret: v.secret.trim() || undefined,
    typebotSlug: v.typebotSlug.trim() || null,
    typebotExpires: Number(v.typebotExpires) || 0,
    typebotDelayMessage: Number(v.typebotDelayMessage) || 0,
    typebotKeywordFinish: v.typebotKeywordFinish,
    typebotKeywordRestart: v.typebotKeywordRestart,
    typebotRestartMessage: v.typebotRestartMessage,
    typebotUnknownMessage: v.typebotUnknownMessage,
  })
  const save = async () => {
    if (!form.check()) return
    try {
      const saved = i
        ? await api.put<Integration>(`/queueIntegration/${i.id}`, body())
        : await api.post<Integration>('/queueIntegration', body())
      toasts.success(t(i ? 'integrationsPage.saved' : 'integrationsPage.added'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  const test = async () => {
    try {
      await api.post('/queueIntegration/testSession', {
        projectName: v.projectName.trim(),
        jsonContent: v.jsonContent.trim(),
        language: v.language,
      })
      toasts.success(t('integrationsPage.tested'), LONG_TOAST_MS)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    }
  }
  const typeOptions = (Object.keys(LOGOS) as IntegrationType[]).map((k) => ({ value: k, label: LOGOS[k].label }))
  return (
    <FormDialog open wide title={i ? t('integrationsPage.edit') : t('integrationsPage.add')} onSubmit={save} onClose={props.onClose}>
      <SelectField label={t('integrationsPage.type')} name="type" value={v.type} options={typeOptions} onChange={(x) => form.set('type', x as IntegrationType)} required />
      {f('name', t('integrationsPage.name'), { required: true, autoFocus: true })}
      {v.type === 'dialogflow' ? (
        <>
          {f('projectName', t('integrationsPage.projectName'), { required: true })}
          {f('jsonContent', t('integrationsPage.jsonContent'), {
            multiline: true,
            rows: 6,
            required: !i?.jsonContent,
            hint: i?.credentialsEmail ? t('integrationsPage.jsonKept', { email: i.credentialsEmail }) : undefined,
          })}
          <SelectField
            label={t('integrationsPage.language')}
            name="language"
            value={v.language}
            options={[
              { value: 'pt-BR', label: 'Português' },
              { value: 'en', label: 'English' },
              { value: 'es', label: 'Español' },
            ]}
            onChange={(x) => form.set('language', x)}
          />
          <div>
            <Button onClick={test} disabled={!v.jsonContent.trim() || !v.projectName.trim()} data-testid="test-integration">
              {t('integrationsPage.test')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {f('urlN8N', t('integrationsPage.url'), { required: true, placeholder: 'https://' })}
          {v.type !== 'typebot' &&
            f('secret', t('integrationsPage.secret'), {
              hint: i ? t('integrationsPage.secretKept') : t('integrationsPage.secretHint'),
              placeholder: i?.secret ?? undefined,
              autoComplete: 'off',
            })}
        </>
      )}
      {v.type === 'typebot' && (
        <>
          {f('typebotSlug', t('integrationsPage.typebotSlug'), { required: true })}
          {f('typebotExpires', t('integrationsPage.typebotExpires'), { type: 'number' })}
          {f('typebotDelayMessage', t('integrationsPage.typebotDelayMessage'), { type: 'number' })}
          {f('typebotKeywordFinish', t('integrationsPage.typebotKeywordFinish'))}
          {f('typebotKeywordRestart', t('integrationsPage.typebotKeywordRestart'))}
          {f('typebotRestartMessage', t('integrationsPage.typebotRestartMessage'))}
          {f('typebotUnknownMessage', t('integrationsPage.typebotUnknownMessage'))}
        </>
      )}
    </FormDialog>
  )
}

export interface Delivery {
  id: number
  ticketId: number
  messageId: number
  attempt: number
  statusCode: number | null
  ok: boolean
  /** why the try failed: an error code (its text in errors.*) */
  error: string | null
  /** the receiver's raw error, for admins only (it may name the receiver's host) */
  detail: string | null
  createdAt: string
}

const pad = (n: number) => String(n).padStart(2, '0')
/** tries of one message are seconds apart: the seconds tell them apart */
const deliveryTime = (value: string) => {
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : `${formatShortDateTime(d)}:${pad(d.getSeconds())}`
}

/** The delivery log of a webhook/n8n integration, 50 tries a page, keyset by the last id shown. */
export function DeliveriesDialog(props: { item: Integration; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [items, setItems] = useState<Delivery[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const id = props.item.id
  // the request in flight, aborted when the dialog closes or a new page is asked for
  const inFlight = useRef<AbortController | null>(null)

  const load = useCallback(
    async (before?: number) => {
      inFlight.current?.abort()
      const controller = (inFlight.current = new AbortController())
      setLoading(true)
      setError(null)
      try {
        const r = await api.get<{ deliveries: Delivery[]; hasMore: boolean }>(
          `/queueIntegration/${id}/deliveries`,
          before ? { before } : {},
          controller.signal
        )
        if (controller.signal.aborted) return
        setItems((prev) => (before ? [...prev, ...r.deliveries] : r.deliveries))
        setHasMore(r.hasMore)
      } catch (e) {
        // a failed further page keeps the rows already shown
        if (controller.signal.aborted) return
        if (before) toastError(e, LONG_TOAST_MS)
        else setError(e)
      } finally {
        if (!controller.signal.aborted) setLoading(false)
      }
    },
    [id]
  )
  useEffect(() => {
    void load()
    return () => inFlight.current?.abort()
  }, [load])
  const last = items[items.length - 1]

  const columns: Column<Delivery>[] = [
    { key: 'time', header: t('integrationsPage.deliveryTime'), primary: true, render: (d) => deliveryTime(d.createdAt) },
    { key: 'attempt', header: t('integrationsPage.deliveryAttempt'), width: '90px', align: 'end', render: (d) => d.attempt },
    {
      key: 'status',
      header: t('integrationsPage.deliveryStatus'),
      width: '100px',
      render: (d) => (
        <Badge appearance="tint" color={d.ok ? 'success' : 'danger'}>
          {d.statusCode ?? '—'}
        </Badge>
      ),
    },
    {
      key: 'error',
      header: t('integrationsPage.deliveryError'),
      render: (d) =>
        d.error ? (
          <span className={styles.error}>
            {t(`errors.${d.error}`, { defaultValue: t('errors.generic') })}
            {d.detail && (
              <Caption1 block className={styles.detail}>
                {d.detail}
              </Caption1>
            )}
          </span>
        ) : (
          '—'
        ),
    },
  ]

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface className={styles.deliveriesSurface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('integrationsPage.deliveriesOf', { name: props.item.name })}</DialogTitle>
          <DialogContent className={styles.deliveriesContent}>
            <DataTable
              ariaLabel={t('integrationsPage.deliveries')}
              columns={columns}
              items={items}
              getRowId={(d) => d.id}
              loading={loading}
              error={error}
              onRetry={() => void load()}
              emptyTitle={t('integrationsPage.deliveriesEmpty')}
              maxHeight="60vh"
            />
            {hasMore && last && !loading && (
              <div className={styles.more}>
                <Button onClick={() => void load(last.id)} data-testid="deliveries-more">
                  {t('kit.loadMore')}
                </Button>
              </div>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose}>
              {t('kit.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

export default function IntegrationsPage() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [editing, setEditing] = useState<Integration | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Integration | null>(null)
  const [logOf, setLogOf] = useState<Integration | null>(null)
  const styles = useStyles()
  const list = usePagedList<Integration>(
    useCallback(async ({ search, page, signal }) => {
      const r = await api.get<{ queueIntegrations: Integration[]; hasMore: boolean; count: number }>(
        '/queueIntegration',
        { searchParam: search, pageNumber: page },
        signal
      )
      return { items: r.queueIntegrations, hasMore: r.hasMore, count: r.count }
    }, [])
  )
  const { upsert, remove } = list
  // rows (and realtime events) carry the address masked: the dialog edits the whole record
  const edit = async (i: Integration) => {
    try {
      setEditing(await api.get<Integration>(`/queueIntegration/${i.id}`))
    } catch (error) {
      toastError(error)
    }
  }
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('queueIntegration'), (m) => {
        const record = (m.record ?? m.queueIntegration) as Integration | undefined
        if (record && (m.action === 'create' || m.action === 'update')) upsert(record, m.action === 'create')
        if (m.action === 'delete') remove(Number(m.id ?? m.integrationId))
      }),
    [upsert, remove]
  )

  const columns: Column<Integration>[] = [
    { key: 'type', header: t('integrationsPage.type'), width: '160px', render: (i) => <TypeLogo type={i.type} /> },
    { key: 'id', header: t('integrationsPage.id'), width: '80px', render: (i) => i.id },
    { key: 'name', header: t('integrationsPage.name'), primary: true, render: (i) => i.name },
    {
      key: 'actions',
      header: t('kit.actions'),
      align: 'end',
      width: '150px',
      render: (i) => (
        <span className={styles.actions}>
          {/* only webhook and n8n deliveries are logged */}
          {(i.type === 'webhook' || i.type === 'n8n') && (
            <Tooltip content={t('integrationsPage.deliveries')} relationship="label">
              <Button appearance="subtle" icon={<HistoryRegular />} onClick={() => setLogOf(i)} data-testid={`deliveries-integration-${i.id}`} />
            </Tooltip>
          )}
          {admin && (
            <RowActions onEdit={() => void edit(i)} onDelete={() => setDeleting(i)} editId={`edit-integration-${i.id}`} deleteId={`delete-integration-${i.id}`} />
          )}
        </span>
      ),
    },
  ]

  return (
    <Page title={t('integrationsPage.title')} count={list.count}>
      <DataTable
        ariaLabel={t('integrationsPage.title')}
        columns={columns}
        {...list.table}
        getRowId={(i) => i.id}
        searchPlaceholder={t('integrationsPage.search')}
        emptyTitle={t('integrationsPage.empty')}
        toolbar={
          admin && (
            <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-integration">
              {t('integrationsPage.add')}
            </Button>
          )
        }
      />
      {editing && (
        <IntegrationDialog
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(i) => {
            upsert(i, editing === 'new')
            setEditing(null)
          }}
        />
      )}
      {logOf && <DeliveriesDialog key={logOf.id} item={logOf} onClose={() => setLogOf(null)} />}
      <DeleteDialog
        item={deleting}
        title={t('integrationsPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/queueIntegration/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        toastMs={LONG_TOAST_MS}
        successText={t('integrationsPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('integrationsPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
