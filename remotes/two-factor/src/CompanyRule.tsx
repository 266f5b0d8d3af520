/** Admins: the company's rule (setting twoFactorRequired) and each user's state, with a logged reset. */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  Button,
  Caption1,
  Card,
  Subtitle2,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ConfirmDialog, api, toastError, toasts } from '@balcao/ui'

interface UserRow {
  id: number
  name: string
  email: string
  enabled: boolean
}

const useStyles = makeStyles({
  card: { maxWidth: '760px', padding: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
  email: { wordBreak: 'break-all' },
  table: { tableLayout: 'auto' },
})

export function CompanyRule(props: { required: boolean; onChanged: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [users, setUsers] = useState<UserRow[]>([])
  const [saving, setSaving] = useState(false)
  const [resetting, setResetting] = useState<UserRow | null>(null)

  const load = useCallback(() => {
    api
      .get<{ users: UserRow[] }>('/two-factor/users')
      .then((r) => setUsers(r.users))
      .catch(toastError)
  }, [])
  useEffect(load, [load])

  const setRequired = async (on: boolean) => {
    setSaving(true)
    try {
      await api.put('/settings/twoFactorRequired', { value: on ? 'enabled' : 'disabled' })
      toasts.success(t('twoFactor.saved'))
      props.onChanged()
    } catch (err) {
      toastError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card className={styles.card}>
      <Subtitle2 as="h2">{t('twoFactor.company')}</Subtitle2>
      <Switch
        checked={props.required}
        disabled={saving}
        label={t('twoFactor.requireLabel')}
        data-testid="two-factor-required"
        onChange={(_, d) => void setRequired(d.checked)}
      />
      <Caption1 className={styles.muted}>{t('twoFactor.requireHelp')}</Caption1>
      <Subtitle2 as="h3">{t('twoFactor.users')}</Subtitle2>
      <Table size="small" className={styles.table} aria-label={t('twoFactor.users')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('twoFactor.name')}</TableHeaderCell>
            <TableHeaderCell>{t('twoFactor.status')}</TableHeaderCell>
            <TableHeaderCell>{t('twoFactor.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id}>
              <TableCell>
                <div>{u.name}</div>
                <Caption1 className={`${styles.muted} ${styles.email}`}>{u.email}</Caption1>
              </TableCell>
              <TableCell>
                <Badge appearance="tint" color={u.enabled ? 'success' : 'informative'}>
                  {u.enabled ? t('twoFactor.on') : t('twoFactor.off')}
                </Badge>
              </TableCell>
              <TableCell>
                <Button size="small" disabled={!u.enabled} onClick={() => setResetting(u)}>
                  {t('twoFactor.reset')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={!!resetting}
        title={t('twoFactor.resetTitle', { name: resetting?.name ?? '' })}
        confirmLabel={t('twoFactor.reset')}
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          try {
            await api.post(`/two-factor/users/${resetting!.id}/reset`)
            toasts.success(t('twoFactor.resetDone'))
            setResetting(null)
            load()
            props.onChanged()
          } catch (err) {
            toastError(err)
          }
        }}
      >
        {t('twoFactor.resetBody')}
      </ConfirmDialog>
    </Card>
  )
}
