/** Plans CRUD (super user, settings tab "plans") with every use* flag. */
import { useCallback, useEffect, useState } from 'react'
import { Badge, Button, makeStyles } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  toasts,
  DeleteDialog,
  DataTable,
  FormDialog,
  SwitchField,
  TextField,
  numeric,
  required,
  minLength,
  maxLength,
  useForm,
  type Column,
  type Plan,
  type PlanFlagDef,
  RowActions,
} from '@balcao/ui'

const useStyles = makeStyles({
  numbers: {
    'display': 'grid',
    'gridTemplateColumns': 'repeat(auto-fit, minmax(min(130px, 100%), 1fr))',
    'gap': '12px',
    '& > *': { minWidth: 0 },
  },
  flags: {
    'display': 'grid',
    'gridTemplateColumns': 'repeat(auto-fill, minmax(min(180px, 100%), 1fr))',
    'gap': '0 12px',
    '& > *': { minWidth: 0 },
  },
})

type PlanForm = {
  name: string
  users: string
  connections: string
  queues: string
  amount: string
  isPublic: boolean
} & Record<string, boolean | string>

type Lang = keyof PlanFlagDef['label']
const labelOf = (flag: PlanFlagDef, lang: string) => flag.label[(['pt', 'en', 'es'].includes(lang) ? lang : 'pt') as Lang]

function PlanDialog(props: {
  plan: Plan | null
  flags: PlanFlagDef[]
  onClose: () => void
  onSaved: (p: Plan) => void
}) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const p = props.plan
  const flags = Object.fromEntries(props.flags.map((f) => [f.name, p ? Boolean(p[f.name]) : true]))
  const form = useForm<PlanForm>(
    {
      name: p?.name ?? '',
      users: String(p?.users ?? 10),
      connections: String(p?.connections ?? 10),
      queues: String(p?.queues ?? 10),
      amount: String(p?.amount ?? 0),
      isPublic: p?.isPublic ?? true,
      ...flags,
    },
    {
      name: [required, minLength(2), maxLength(50)],
      users: [required, numeric],
      connections: [required, numeric],
      queues: [required, numeric],
      amount: [required, (v) => (Number.isNaN(Number(String(v).replace(',', '.'))) ? 'validation.numeric' : null)],
    }
  )
  const v = form.values
  const save = async () => {
    if (!form.check()) return
    const body = {
      ...v,
      users: Number(v.users),
      connections: Number(v.connections),
      queues: Number(v.queues),
      amount: Number(String(v.amount).replace(',', '.')),
    }
    try {
      const saved = p ? await api.put<Plan>(`/plans/${p.id}`, body) : await api.post<Plan>('/plans', body)
      toasts.success(t('admin.common.success'))
      props.onSaved(saved)
    } catch {
      toasts.error(t('admin.common.saveFailed'), 4000)
    }
  }
  return (
    <FormDialog
      open
      wide
      title={p ? t('admin.plans.edit') : t('admin.plans.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TextField
        label={t('admin.plans.name')}
        name="planName"
        value={v.name}
        onChange={(x) => form.set('name', x)}
        error={form.errors.name}
        required
      />
      {/* the four numbers share the row while they fit, and wrap on a narrow dialog (never overflow) */}
      <div className={styles.numbers}>
        <TextField
          label={t('admin.plans.users')}
          value={v.users}
          onChange={(x) => form.set('users', x)}
          error={form.errors.users}
          required
        />
        <TextField
          label={t('admin.plans.connections')}
          value={v.connections}
          onChange={(x) => form.set('connections', x)}
          error={form.errors.connections}
          required
        />
        <TextField
          label={t('admin.plans.queues')}
          value={v.queues}
          onChange={(x) => form.set('queues', x)}
          error={form.errors.queues}
          required
        />
        <TextField
          label={t('admin.plans.amount')}
          value={v.amount}
          onChange={(x) => form.set('amount', x)}
          error={form.errors.amount}
          required
        />
      </div>
      <div className={styles.flags}>
        {props.flags.map((f) => (
          <SwitchField
            key={f.name}
            name={f.name}
            label={labelOf(f, i18n.language)}
            checked={Boolean(v[f.name])}
            onChange={(c) => form.set(f.name, c)}
          />
        ))}
        <SwitchField
          name="isPublic"
          label={t('admin.plans.isPublic')}
          checked={v.isPublic}
          onChange={(c) => form.set('isPublic', c)}
        />
      </div>
    </FormDialog>
  )
}

export function PlansManager() {
  const { t, i18n } = useTranslation()
  const [plans, setPlans] = useState<Plan[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [editing, setEditing] = useState<Plan | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Plan | null>(null)
  // the flags are declared by the server's plugins: the list comes with the manifest
  const [flags, setFlags] = useState<PlanFlagDef[]>([])

  const load = useCallback(() => {
    setLoading(true)
    Promise.all([api.get<Plan[]>('/plans/all'), api.get<{ planFlags?: PlanFlagDef[] }>('/modules')])
      .then(([list, manifest]) => {
        setPlans(list)
        setFlags(manifest.planFlags ?? [])
        setError(null)
      })
      .catch(setError)
      .finally(() => setLoading(false))
  }, [])
  useEffect(load, [load])

  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : i18n.language, {
      style: 'currency',
      currency: 'BRL',
    }).format(Number(n))
  const columns: Column<Plan>[] = [
    { key: 'name', header: t('admin.plans.name'), render: (p) => p.name },
    { key: 'users', header: t('admin.plans.users'), render: (p) => p.users },
    { key: 'connections', header: t('admin.plans.connections'), render: (p) => p.connections },
    { key: 'queues', header: t('admin.plans.queues'), render: (p) => p.queues },
    { key: 'amount', header: t('admin.plans.amount'), render: (p) => money(p.amount) },
    {
      key: 'flags',
      header: '',
      render: (p) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {flags
            .filter((f) => p[f.name] === true)
            .map((f) => (
              <Badge key={f.name} appearance="tint" size="small">
                {labelOf(f, i18n.language)}
              </Badge>
            ))}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('admin.common.actions'),
      align: 'end',
      width: '100px',
      render: (p) => (
        <>
          <RowActions onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} editId={`edit-plan-${p.id}`} />
        </>
      ),
    },
  ]

  return (
    <>
      <DataTable
        ariaLabel={t('admin.plans.title')}
        columns={columns}
        items={plans}
        getRowId={(p) => p.id}
        loading={loading}
        error={error}
        onRetry={load}
        toolbar={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-plan">
            {t('admin.plans.add')}
          </Button>
        }
      />
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          flags={flags}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setPlans((list) =>
              list.some((x) => x.id === saved.id) ? list.map((x) => (x.id === saved.id ? saved : x)) : [...list, saved]
            )
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('admin.common.deleteTitle', { name: deleting?.name })}
        path={(d) => `/plans/${d.id}`}
        onDeleted={(d) => setPlans((list) => list.filter((x) => x.id !== d.id))}
        successText={t('admin.common.success')}
        failureText={t('admin.common.deleteFailed')}
        onClose={() => setDeleting(null)}
      >
        {t('admin.common.deleteWarning')}
      </DeleteDialog>
    </>
  )
}
