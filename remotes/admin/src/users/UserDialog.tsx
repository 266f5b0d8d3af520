/**
 * Add/edit a user: a general tab and a permissions tab. Profile, queues,
 * working hours and the permission switches are shown to admins only (spec 1 §5).
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Tab, TabList, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import {
  api,
  userAtom,
  isAdmin,
  rules,
  useForm,
  toasts,
  toastError,
  FormDialog,
  MultiSelectField,
  SelectField,
  SwitchField,
  TextField,
  type QueueRef,
  type User,
} from '@balcao/ui'

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  tab: { display: 'flex', flexDirection: 'column', gap: '12px' },
})

type Form = {
  name: string
  email: string
  password: string
  currentPassword: string
  profile: 'admin' | 'user'
  queueIds: string[]
  startWork: string
  endWork: string
  farewellMessage: string
  allTicket: 'enable' | 'disable'
  allowGroup: boolean
  allHistoric: 'enabled' | 'disabled'
  allUserChat: 'enabled' | 'disabled'
  userClosePendingTicket: 'enabled' | 'disabled'
  showDashboard: 'enabled' | 'disabled'
  defaultTheme: 'light' | 'dark'
  defaultMenu: 'open' | 'closed'
}

function initial(u: User | null): Form {
  return {
    name: u?.name ?? '',
    email: u?.email ?? '',
    password: '',
    currentPassword: '',
    profile: u?.profile ?? 'user',
    queueIds: (u?.queues ?? []).map((q) => String(q.id)),
    startWork: u?.startWork ?? '00:00',
    endWork: u?.endWork ?? '23:59',
    farewellMessage: u?.farewellMessage ?? '',
    allTicket: u?.allTicket ?? 'disable',
    allowGroup: u?.allowGroup ?? false,
    allHistoric: u?.allHistoric ?? 'disabled',
    allUserChat: u?.allUserChat ?? 'disabled',
    userClosePendingTicket: u?.userClosePendingTicket ?? 'disabled',
    showDashboard: u?.showDashboard ?? 'disabled',
    defaultTheme: u?.defaultTheme ?? 'light',
    defaultMenu: u?.defaultMenu ?? 'open',
  }
}

export function UserDialog(props: { user: User | null; onClose: () => void; onSaved: (u: User) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const [tab, setTab] = useState<'general' | 'permissions'>('general')
  const [queues, setQueues] = useState<QueueRef[]>([])
  const form = useForm<Form>(initial(props.user), {
    name: rules.name,
    email: rules.email,
    password: props.user ? rules.optionalPassword : rules.password,
  })
  const v = form.values
  // editing oneself: a new password needs the current one (the server checks it)
  const self = Boolean(props.user && me && props.user.id === me.id)
  const [currentMissing, setCurrentMissing] = useState(false)

  useEffect(() => {
    // the queues module may not be installed yet: no options then
    if (admin)
      api
        .get<QueueRef[]>('/queue')
        .then(setQueues)
        .catch(() => setQueues([]))
  }, [admin])

  const save = async () => {
    const missing = self && Boolean(v.password) && !v.currentPassword
    setCurrentMissing(missing)
    if (!form.check() || missing) {
      setTab('general')
      return
    }
    const base = {
      name: v.name,
      email: v.email,
      defaultTheme: v.defaultTheme,
      defaultMenu: v.defaultMenu,
      farewellMessage: v.farewellMessage || null,
    }
    const adminOnly = admin
      ? {
          profile: v.profile,
          queueIds: v.queueIds.map(Number),
          startWork: v.startWork,
          endWork: v.endWork,
          allTicket: v.allTicket,
          allowGroup: v.allowGroup,
          allHistoric: v.allHistoric,
          allUserChat: v.allUserChat,
          userClosePendingTicket: v.userClosePendingTicket,
          showDashboard: v.showDashboard,
        }
      : {}
    const password = v.password ? { password: v.password, ...(self ? { currentPassword: v.currentPassword } : {}) } : {}
    const body = { ...base, ...adminOnly, ...password }
    try {
      const saved = props.user
        ? await api.put<User>(`/users/${props.user.id}`, body)
        : await api.post<User>('/users', body)
      toasts.success(t('admin.users.saved'))
      props.onSaved(saved)
    } catch (e) {
      toastError(e)
    }
  }

  const onOff = (value: string) => value === 'enabled' || value === 'enable'
  return (
    <FormDialog
      open
      wide
      title={props.user ? t('admin.users.edit') : t('admin.users.add')}
      onSubmit={save}
      onClose={props.onClose}
    >
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="general">{t('admin.common.general')}</Tab>
        {admin && (
          <Tab value="permissions" data-testid="tab-permissions">
            {t('admin.common.permissions')}
          </Tab>
        )}
      </TabList>
      {tab === 'general' ? (
        <div className={styles.tab}>
          <div className={styles.row}>
            <TextField
              label={t('admin.users.name')}
              name="name"
              value={v.name}
              onChange={(x) => form.set('name', x)}
              error={form.errors.name}
              required
            />
            <TextField
              label={t('admin.users.email')}
              name="email"
              type="email"
              value={v.email}
              onChange={(x) => form.set('email', x)}
              error={form.errors.email}
              required
            />
          </div>
          <div className={styles.row}>
            <TextField
              label={t('admin.users.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={v.password}
              onChange={(x) => form.set('password', x)}
              error={form.errors.password}
              hint={props.user ? t('admin.users.passwordHint') : undefined}
              required={!props.user}
            />
            {self && v.password ? (
              <TextField
                label={t('admin.users.currentPassword')}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={v.currentPassword}
                onChange={(x) => {
                  setCurrentMissing(false)
                  form.set('currentPassword', x)
                }}
                error={currentMissing ? 'validation.required' : undefined}
                required
              />
            ) : null}
            {admin && (
              <SelectField
                label={t('admin.users.profile')}
                name="profile"
                value={v.profile}
                options={[
                  { value: 'user', label: t('admin.users.profileUser') },
                  { value: 'admin', label: t('admin.users.profileAdmin') },
                ]}
                onChange={(x) => form.set('profile', x as Form['profile'])}
              />
            )}
          </div>
          {admin && (
            <>
              <MultiSelectField
                label={t('admin.users.queues')}
                values={v.queueIds}
                options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
                placeholder={queues.length ? undefined : t('admin.users.noQueues')}
                onChange={(x) => form.set('queueIds', x)}
              />
              <div className={styles.row}>
                <TextField
                  label={t('admin.users.startWork')}
                  type="time"
                  value={v.startWork}
                  onChange={(x) => form.set('startWork', x)}
                />
                <TextField
                  label={t('admin.users.endWork')}
                  type="time"
                  value={v.endWork}
                  onChange={(x) => form.set('endWork', x)}
                />
              </div>
            </>
          )}
          <TextField
            label={t('admin.users.farewellMessage')}
            multiline
            value={v.farewellMessage}
            onChange={(x) => form.set('farewellMessage', x)}
          />
          <div className={styles.row}>
            <SelectField
              label={t('admin.users.defaultTheme')}
              value={v.defaultTheme}
              options={[
                { value: 'light', label: t('admin.users.themeLight') },
                { value: 'dark', label: t('admin.users.themeDark') },
              ]}
              onChange={(x) => form.set('defaultTheme', x as Form['defaultTheme'])}
            />
            <SelectField
              label={t('admin.users.defaultMenu')}
              value={v.defaultMenu}
              options={[
                { value: 'open', label: t('admin.users.menuOpen') },
                { value: 'closed', label: t('admin.users.menuClosed') },
              ]}
              onChange={(x) => form.set('defaultMenu', x as Form['defaultMenu'])}
            />
          </div>
        </div>
      ) : (
        <div className={styles.tab}>
          <SwitchField
            label={t('admin.users.allTicket')}
            checked={onOff(v.allTicket)}
            onChange={(c) => form.set('allTicket', c ? 'enable' : 'disable')}
          />
          <SwitchField
            label={t('admin.users.allowGroup')}
            checked={v.allowGroup}
            onChange={(c) => form.set('allowGroup', c)}
          />
          <SwitchField
            label={t('admin.users.allHistoric')}
            checked={onOff(v.allHistoric)}
            onChange={(c) => form.set('allHistoric', c ? 'enabled' : 'disabled')}
          />
          <SwitchField
            label={t('admin.users.allUserChat')}
            checked={onOff(v.allUserChat)}
            onChange={(c) => form.set('allUserChat', c ? 'enabled' : 'disabled')}
          />
          <SwitchField
            label={t('admin.users.userClosePendingTicket')}
            checked={onOff(v.userClosePendingTicket)}
            onChange={(c) => form.set('userClosePendingTicket', c ? 'enabled' : 'disabled')}
          />
          <SwitchField
            label={t('admin.users.showDashboard')}
            checked={onOff(v.showDashboard)}
            onChange={(c) => form.set('showDashboard', c ? 'enabled' : 'disabled')}
          />
        </div>
      )}
    </FormDialog>
  )
}
