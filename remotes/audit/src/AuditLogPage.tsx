/**
 * /audit-log (admins; the super user sees the platform's rows and every
 * company's): filters (user, action, item, dates, company for the super
 * user, search), the log newest first with infinite scroll, a details dialog
 * (before/after, browser) and the xlsx export of the filtered log.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  ProgressBar,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowDownloadRegular, DismissRegular, InfoRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  downloadName,
  exportFile,
  isAdmin,
  toastError,
  toasts,
  userAtom,
  usePagedList,
  usePermissionGate,
  formatDateTime,
  toIsoDay,
  DataTable,
  Page,
  SelectField,
  type Column,
} from '@balcao/ui'
import { NO_FILTERS, filterQuery, type AuditFilters, type AuditLog, type AuditPage } from './types.js'

const useStyles = makeStyles({
  exportBox: { display: 'flex', flexDirection: 'column', gap: '4px', alignItems: 'stretch' },
  progress: { width: '100%' },
  intro: { color: tokens.colorNeutralForeground3, marginTop: '-8px' },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: '8px 12px',
    alignItems: 'end',
  },
  who: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  pre: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    margin: '4px 0 12px',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '220px',
    overflowY: 'auto',
  },
})

/** how often the export's progress is asked */


/** the user's e-mail, or the one a refused sign-in tried */
const emailOf = (r: AuditLog) =>
  r.actor_email ?? (typeof r.details?.email === 'string' ? r.details.email : null)

const actionKey = (action: string) => `audit.actions.${action.replace(/\./g, '_')}`

export default function AuditLogPage() {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const allowed = usePermissionGate(me ? isAdmin(me) : undefined)
  const superUser = !!me?.super
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const [facets, setFacets] = useState<{ actions: string[]; entities: string[] }>({ actions: [], entities: [] })
  const [users, setUsers] = useState<{ id: number; name: string }[]>([])
  const [companies, setCompanies] = useState<{ id: number; name: string }[]>([])
  const [open, setOpen] = useState<AuditLog | null>(null)
  const [exporting, setExporting] = useState<{ done: number; total: number } | null>(null)
  const [retention, setRetention] = useState<string | null>(null)

  const label = useCallback(
    (action: string) => (i18n.exists(actionKey(action)) ? t(actionKey(action)) : action),
    [i18n, t]
  )
  const entityLabel = (entity: string) =>
    i18n.exists(`audit.entities.${entity}`) ? t(`audit.entities.${entity}`) : entity

  // keyset paging: page n starts after the last row of page n-1
  const cursors = useRef(new Map<number, number | null>())
  const filtersRef = useRef(filters)
  filtersRef.current = filters
  const list = usePagedList<AuditLog>(
    useCallback(async ({ search, page, signal }) => {
      const before = page === 1 ? null : (cursors.current.get(page) ?? null)
      const r = await api.get<AuditPage>(
        '/audit-logs',
        { ...filterQuery(filtersRef.current, search), ...(before ? { before } : {}) },
        signal
      )
      cursors.current.set(page + 1, r.nextBefore)
      return { items: r.logs, hasMore: r.hasMore }
    }, [])
  )
  const { reload, search } = list

  useEffect(() => {
    if (!allowed) return
    void api.get<{ actions: string[]; entities: string[] }>('/audit-logs/facets').then(setFacets, () => {})
    void api.get<{ id: number; name: string }[]>('/users/list').then(setUsers, () => {})
    void api
      .get<{ key: string; value: string }[]>('/settings')
      .then((all) => setRetention(all.find((s) => s.key === 'auditRetentionDays')?.value ?? null), () => {})
    if (superUser) void api.get<{ id: number; name: string }[]>('/companies/list').then(setCompanies, () => {})
  }, [allowed, superUser])

  const setFilter = (key: keyof AuditFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }))
  }
  // a filter change starts the list over (the search box has its own debounce in the hook)
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    reload()
  }, [filters, reload])

  /** The export runs as a job on the server: start it, follow its progress, then download the file. */
  const exportXlsx = async () => {
    setExporting({ done: 0, total: 0 })
    try {
      await exportFile(
        '/audit-logs/exports',
        filterQuery(filters, search),
        downloadName(t('audit.exportFileName'), 'xlsx', toIsoDay(new Date())),
        setExporting
      )
      toasts.success(t('audit.exported'))
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(null)
    }
  }

  const all = t('audit.all')
  const actionOptions = useMemo(
    () => [{ value: '', label: all }, ...facets.actions.map((a) => ({ value: a, label: label(a) }))],
    [facets.actions, all, label]
  )
  if (!allowed) return null

  const columns: Column<AuditLog>[] = [
    {
      key: 'date',
      header: t('audit.date'),
      width: '150px',
      render: (r) => <span data-testid="audit-date">{formatDateTime(r.created_at)}</span>,
    },
    {
      key: 'name',
      header: t('audit.user'),
      primary: true,
      render: (r) => (
        <span className={styles.who}>
          <span>{r.actor_name ?? t('audit.nobody')}</span>
          {/* a refused sign-in with an unknown e-mail has no user: the e-mail tried */}
          {emailOf(r) && <span className={styles.muted}>{emailOf(r)}</span>}
        </span>
      ),
    },
    {
      key: 'action',
      header: t('audit.action'),
      render: (r) => (
        <Badge
          appearance="tint"
          color={r.action.endsWith('failed') ? 'danger' : r.action.endsWith('delete') ? 'warning' : 'brand'}
          data-action={r.action}
        >
          {label(r.action)}
        </Badge>
      ),
    },
    {
      key: 'entity',
      header: t('audit.entity'),
      width: '140px',
      render: (r) => (
        <span>
          {entityLabel(r.entity)}
          {r.entity_id && <span className={styles.muted}> #{r.entity_id}</span>}
        </span>
      ),
    },
    ...(superUser
      ? [
          {
            key: 'company',
            header: t('audit.company'),
            hideInCards: true,
            render: (r: AuditLog) => r.company_name ?? t('audit.platform'),
          },
        ]
      : []),
    {
      key: 'ip',
      header: t('audit.ip'),
      width: '130px',
      render: (r) => <span className={styles.mono}>{r.ip ?? ''}</span>,
    },
    {
      key: 'actions',
      header: '',
      width: '56px',
      align: 'end',
      render: (r) => (
        <Button
          appearance="subtle"
          icon={<InfoRegular />}
          aria-label={t('audit.details')}
          title={t('audit.details')}
          data-testid="audit-details"
          onClick={() => setOpen(r)}
        />
      ),
    },
  ]

  const json = (v: unknown) => JSON.stringify(v, null, 2)
  const dirty = Object.values(filters).some(Boolean)

  return (
    <Page
      title={t('audit.title')}
      actions={
        <div className={styles.exportBox}>
          <Button
            appearance="primary"
            icon={exporting ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            disabled={!!exporting}
            onClick={() => void exportXlsx()}
            data-testid="audit-export"
          >
            {exporting
              ? t('audit.exporting', {
                  percent: exporting.total ? Math.round((100 * exporting.done) / exporting.total) : 0,
                })
              : t('audit.export')}
          </Button>
          {exporting && (
            <ProgressBar
              className={styles.progress}
              value={exporting.total ? exporting.done / exporting.total : undefined}
              data-testid="audit-export-progress"
              aria-label={t('audit.export')}
            />
          )}
        </div>
      }
    >
      <Text className={styles.intro}>
        {t('audit.intro')} {retention && t('audit.retentionHint', { days: retention })}
      </Text>
      <div className={styles.filters} data-testid="audit-filters">
        <SelectField
          label={t('audit.user')}
          name="userId"
          value={filters.userId}
          options={[{ value: '', label: all }, ...users.map((u) => ({ value: String(u.id), label: u.name }))]}
          onChange={(v) => setFilter('userId', v)}
        />
        <SelectField
          label={t('audit.action')}
          name="action"
          value={filters.action}
          options={actionOptions}
          onChange={(v) => setFilter('action', v)}
        />
        <SelectField
          label={t('audit.entity')}
          name="entity"
          value={filters.entity}
          options={[{ value: '', label: all }, ...facets.entities.map((e) => ({ value: e, label: entityLabel(e) }))]}
          onChange={(v) => setFilter('entity', v)}
        />
        {superUser && (
          <SelectField
            label={t('audit.company')}
            name="companyId"
            value={filters.companyId}
            options={[
              { value: '', label: t('audit.allCompanies') },
              { value: 'platform', label: t('audit.platform') },
              ...companies.map((c) => ({ value: String(c.id), label: c.name })),
            ]}
            onChange={(v) => setFilter('companyId', v)}
          />
        )}
        <Field label={t('audit.from')}>
          <Input
            type="date"
            name="from"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(_, d) => setFilter('from', d.value)}
          />
        </Field>
        <Field label={t('audit.to')}>
          <Input
            type="date"
            name="to"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(_, d) => setFilter('to', d.value)}
          />
        </Field>
        {dirty && (
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => setFilters(NO_FILTERS)}>
            {t('audit.clear')}
          </Button>
        )}
      </div>
      <DataTable
        {...list.table}
        columns={columns}
        getRowId={(r) => r.id}
        searchPlaceholder={t('audit.search')}
        emptyTitle={t('audit.empty')}
        ariaLabel={t('audit.title')}
        maxHeight="calc(100vh - 330px)"
      />
      <Dialog open={!!open} onOpenChange={(_, d) => !d.open && setOpen(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{open ? label(open.action) : t('audit.detailsTitle')}</DialogTitle>
            <DialogContent data-testid="audit-details-dialog">
              {open && (
                <>
                  <Text className={styles.muted} block>
                    {formatDateTime(open.created_at)} · {open.actor_name ?? t('audit.nobody')} · {open.ip ?? ''}
                  </Text>
                  {open.before && Object.keys(open.before).length > 0 && (
                    <>
                      <Text weight="semibold">{t('audit.before')}</Text>
                      <pre className={styles.pre}>{json(open.before)}</pre>
                    </>
                  )}
                  {open.after && Object.keys(open.after).length > 0 && (
                    <>
                      <Text weight="semibold">{t('audit.after')}</Text>
                      <pre className={styles.pre}>{json(open.after)}</pre>
                    </>
                  )}
                  {open.details && (
                    <>
                      <Text weight="semibold">{t('audit.extra')}</Text>
                      <pre className={styles.pre}>{json(open.details)}</pre>
                    </>
                  )}
                  {open.user_agent && (
                    <>
                      <Text weight="semibold">{t('audit.userAgent')}</Text>
                      <pre className={styles.pre}>{open.user_agent}</pre>
                    </>
                  )}
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setOpen(null)}>
                {t('audit.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Page>
  )
}
