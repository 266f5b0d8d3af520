/**
 * Add/edit a company (super user): data, its first admin's name and password
 * (when adding), plan and state, due date with its step button, limits.
 * Optional fields left blank are sent as null.
 */
import { useEffect, useState } from 'react'
import { Button, makeStyles, mergeClasses } from '@fluentui/react-components'
import { CalendarArrowRightRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  brPhone,
  maskBrPhone,
  orNull,
  phoneDigits,
  email as emailRule,
  minLength,
  maxLength,
  numeric,
  required,
  useForm,
  toasts,
  FormDialog,
  SelectField,
  SwitchField,
  TextField,
  type Plan,
  type Rule,
} from '@balcao/ui'
import {
  DEFAULT_RECURRENCE,
  RECURRENCES,
  RECURRENCE_MONTHS,
  dueDateForApi,
  stepDueDate,
  type Recurrence,
} from './dueDate.js'
import type { Company } from './types.js'

const useStyles = makeStyles({
  // cells shrink with the dialog (a phone): nothing overflows into its neighbour
  row: {
    'display': 'grid',
    'gridTemplateColumns': 'repeat(auto-fit, minmax(min(180px, 100%), 1fr))',
    'gap': '12px',
    'alignItems': 'start',
    '& > *': { minWidth: 0 },
  },
  // the due-date row: the step button sits on the fields' baseline
  alignEnd: { alignItems: 'end' },
  switches: { display: 'flex', flexWrap: 'wrap', columnGap: '24px', rowGap: '4px' },
})

/** the spec's company messages (spec 2 §5) in place of the generic ones */
const withMessage =
  (rule: Rule, key: string): Rule =>
  (v) =>
    rule(v) ? key : null

export function CompanyDialog(props: { company: Company | null; onClose: () => void; onSaved: (c: Company) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const c = props.company
  const [plans, setPlans] = useState<Plan[]>([])
  const form = useForm(
    {
      name: c?.name ?? '',
      email: c?.email ?? '',
      adminName: '',
      password: '',
      phone: c?.phone ? maskBrPhone(c.phone) : '',
      planId: c?.planId ? String(c.planId) : '',
      status: c?.status ?? true,
      document: c?.document ?? '',
      dueDate: c?.dueDate ?? '',
      recurrence: (c?.recurrence ?? DEFAULT_RECURRENCE) as Recurrence,
      paymentMethod: c?.paymentMethod ?? '',
      usersLimit: c?.usersLimit === null || c?.usersLimit === undefined ? '' : String(c.usersLimit),
      connectionsLimit:
        c?.connectionsLimit === null || c?.connectionsLimit === undefined ? '' : String(c.connectionsLimit),
      queuesLimit: c?.queuesLimit === null || c?.queuesLimit === undefined ? '' : String(c.queuesLimit),
      campaignsEnabled: true,
    },
    {
      name: [withMessage(required, 'admin.companies.nameRequired'), minLength(2), maxLength(50)],
      email: [
        withMessage(required, 'admin.companies.emailRequired'),
        withMessage(emailRule, 'admin.companies.emailInvalid'),
      ],
      planId: [withMessage(required, 'admin.companies.planRequired')],
      adminName: [minLength(2), maxLength(50)],
      password: c ? [] : [minLength(5), maxLength(50)],
      phone: [brPhone],
      usersLimit: [numeric],
      connectionsLimit: [numeric],
      queuesLimit: [numeric],
    }
  )
  const v = form.values

  useEffect(() => {
    api
      .get<Plan[]>('/plans/all')
      .then(setPlans)
      .catch(() => setPlans([]))
  }, [])

  const limit = (s: string) => (s.trim() === '' ? null : Number(s))
  const save = async () => {
    if (!form.check()) return
    const body = {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: orNull(phoneDigits(v.phone)),
      planId: Number(v.planId),
      status: v.status,
      document: orNull(v.document),
      dueDate: dueDateForApi(v.dueDate),
      recurrence: v.recurrence,
      paymentMethod: orNull(v.paymentMethod),
      usersLimit: limit(v.usersLimit),
      connectionsLimit: limit(v.connectionsLimit),
      queuesLimit: limit(v.queuesLimit),
      // the current value is a company setting we do not read here: send it only when set
      ...(!c || !v.campaignsEnabled ? { campaignsEnabled: v.campaignsEnabled } : {}),
      ...(!c && v.password ? { password: v.password } : {}),
      // the first admin's name; blank: the server names it after the company
      ...(!c && orNull(v.adminName) ? { adminName: orNull(v.adminName) } : {}),
    }
    try {
      const saved = c ? await api.put<Company>(`/companies/${c.id}`, body) : await api.post<Company>('/companies', body)
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
      title={c ? t('admin.companies.edit') : t('admin.companies.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <div className={styles.row}>
        <TextField
          label={t('admin.companies.name')}
          name="name"
          value={v.name}
          onChange={(x) => form.set('name', x)}
          error={form.errors.name}
          required
        />
        <TextField
          label={t('admin.companies.email')}
          name="email"
          type="email"
          value={v.email}
          onChange={(x) => form.set('email', x)}
          error={form.errors.email}
          required
        />
      </div>
      {!c && (
        <div className={styles.row}>
          <TextField
            label={t('admin.companies.adminName')}
            name="adminName"
            value={v.adminName}
            onChange={(x) => form.set('adminName', x)}
            error={form.errors.adminName}
            hint={t('admin.companies.adminNameHint')}
            autoComplete="off"
          />
          <TextField
            label={t('admin.companies.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={v.password}
            onChange={(x) => form.set('password', x)}
            error={form.errors.password}
          />
        </div>
      )}
      <div className={styles.row}>
        <TextField
          label={t('admin.companies.phone')}
          name="phone"
          type="tel"
          value={v.phone}
          placeholder="+55 (11) 99999-9999"
          onChange={(x) => form.set('phone', maskBrPhone(x))}
          error={form.errors.phone}
        />
        <TextField
          label={t('admin.companies.document')}
          name="document"
          value={v.document}
          onChange={(x) => form.set('document', x)}
        />
      </div>
      <div className={styles.row}>
        <SelectField
          label={t('admin.companies.plan')}
          name="planId"
          value={v.planId}
          options={plans.map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(x) => form.set('planId', x)}
          error={form.errors.planId}
          required
        />
        <TextField
          label={t('admin.companies.paymentMethod')}
          name="paymentMethod"
          value={v.paymentMethod}
          onChange={(x) => form.set('paymentMethod', x)}
        />
      </div>
      <div className={styles.switches}>
        <SwitchField
          name="status"
          label={t('admin.companies.status')}
          checked={v.status}
          onChange={(x) => form.set('status', x)}
        />
        <SwitchField
          name="campaignsEnabled"
          label={t('admin.companies.campaignsEnabled')}
          checked={v.campaignsEnabled}
          onChange={(x) => form.set('campaignsEnabled', x)}
        />
      </div>
      <div className={mergeClasses(styles.row, styles.alignEnd)}>
        <TextField
          label={t('admin.companies.dueDate')}
          name="dueDate"
          type="date"
          value={v.dueDate}
          onChange={(x) => form.set('dueDate', x)}
        />
        <SelectField
          label={t('admin.companies.recurrence')}
          name="recurrence"
          value={v.recurrence}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`admin.companies.recurrences.${r}`) }))}
          onChange={(x) => form.set('recurrence', x as Recurrence)}
        />
        <Button
          icon={<CalendarArrowRightRegular />}
          onClick={() => form.set('dueDate', stepDueDate(v.dueDate, v.recurrence))}
          data-testid="step-due-date"
        >
          {t('admin.companies.stepDue', { count: RECURRENCE_MONTHS[v.recurrence] })}
        </Button>
      </div>
      <div className={styles.row}>
        <TextField
          label={t('admin.companies.usersLimit')}
          value={v.usersLimit}
          onChange={(x) => form.set('usersLimit', x)}
          error={form.errors.usersLimit}
        />
        <TextField
          label={t('admin.companies.connectionsLimit')}
          value={v.connectionsLimit}
          onChange={(x) => form.set('connectionsLimit', x)}
          error={form.errors.connectionsLimit}
        />
        <TextField
          label={t('admin.companies.queuesLimit')}
          value={v.queuesLimit}
          onChange={(x) => form.set('queuesLimit', x)}
          error={form.errors.queuesLimit}
        />
      </div>
    </FormDialog>
  )
}
