/**
 * /campaigns-config (spec 3 §2, §3, §9): the pacing and window settings and
 * the custom variables, saved together. Admins edit; others read.
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Button, Caption1, Field, Input, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  toasts,
  toastError,
  userAtom,
  LONG_TOAST_MS,
  ErrorState,
  Page,
  SelectField,
  SwitchField,
  TextField,
} from '@balcao/ui'
import type { CampaignSettings } from './types.js'

/** spec 3 §9 choices (the server accepts only these) */
const MESSAGE_INTERVALS = [0, 5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120]
const LONGER_AFTER = [0, 5, 10, 15, 20, 30, 40, 50, 60]
const GREATER_INTERVALS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)]

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '16px', maxWidth: '760px' },
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: '12px', alignItems: 'end' },
  variable: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) auto',
    gap: '8px',
    alignItems: 'end',
  },
  muted: { color: tokens.colorNeutralForeground3 },
})

export default function SettingsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const ro = !(me && isAdmin(me))
  const [s, setS] = useState<CampaignSettings | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)

  const load = () => {
    setError(null)
    api.get<CampaignSettings>('/campaign-settings').then(setS).catch(setError)
  }
  useEffect(load, [])

  if (error) return <ErrorState error={error} onRetry={load} />
  if (!s) return <Spinner style={{ marginTop: 48 }} />

  const set = <K extends keyof CampaignSettings>(k: K, value: CampaignSettings[K]) => setS({ ...s, [k]: value })
  const options = (values: number[], unit: 'seconds' | 'messages') =>
    values.map((n) => ({
      value: String(n),
      label: n === 0 ? t('campaignSettings.off') : t(`campaignSettings.${unit}`, { count: n }),
    }))

  const save = async () => {
    setBusy(true)
    try {
      const variables = s.variables.filter((x) => x.key.trim() !== '')
      const optOutKeywords = s.optOutKeywords.map((k) => k.trim()).filter(Boolean)
      setS(await api.post<CampaignSettings>('/campaign-settings', { settings: { ...s, variables, optOutKeywords } }))
      toasts.success(t('campaignSettings.saved'), LONG_TOAST_MS)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page title={t('campaignSettings.title')}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <div className={styles.row}>
          <SelectField
            label={t('campaignSettings.messageInterval')}
            name="messageInterval"
            value={String(s.messageInterval)}
            options={options(MESSAGE_INTERVALS, 'seconds')}
            onChange={(x) => set('messageInterval', Number(x))}
            readOnly={ro}
          />
          <SelectField
            label={t('campaignSettings.longerIntervalAfter')}
            name="longerIntervalAfter"
            value={String(s.longerIntervalAfter)}
            options={options(LONGER_AFTER, 'messages')}
            onChange={(x) => set('longerIntervalAfter', Number(x))}
            readOnly={ro}
          />
          <SelectField
            label={t('campaignSettings.greaterInterval')}
            name="greaterInterval"
            value={String(s.greaterInterval)}
            options={options(GREATER_INTERVALS, 'seconds')}
            onChange={(x) => set('greaterInterval', Number(x))}
            readOnly={ro}
          />
        </div>
        <div className={styles.row}>
          <TextField
            label={t('campaignSettings.startHour')}
            name="startHour"
            type="time"
            value={s.startHour}
            onChange={(x) => set('startHour', x)}
            readOnly={ro}
          />
          <TextField
            label={t('campaignSettings.endHour')}
            name="endHour"
            type="time"
            value={s.endHour}
            onChange={(x) => set('endHour', x)}
            readOnly={ro}
          />
          <SwitchField
            label={t('campaignSettings.sabado')}
            name="sabado"
            checked={s.sabado}
            onChange={(x) => set('sabado', x)}
            readOnly={ro}
          />
          <SwitchField
            label={t('campaignSettings.domingo')}
            name="domingo"
            checked={s.domingo}
            onChange={(x) => set('domingo', x)}
            readOnly={ro}
          />
        </div>
        <Caption1 className={styles.muted}>{t('campaignSettings.windowHint')}</Caption1>
        <TextField
          label={t('campaignSettings.dailyLimit')}
          name="dailyLimit"
          type="number"
          value={s.dailyLimit}
          onChange={(x) => set('dailyLimit', Math.max(0, Math.floor(Number(x) || 0)))}
          hint={t('campaignSettings.dailyLimitHint')}
          readOnly={ro}
        />
        <TextField
          label={t('campaignSettings.optOutKeywords')}
          name="optOutKeywords"
          value={s.optOutKeywords.join(', ')}
          onChange={(x) =>
            set(
              'optOutKeywords',
              x.split(',').map((k) => k.trimStart())
            )
          }
          hint={t('campaignSettings.optOutHint')}
          readOnly={ro}
        />
        <Subtitle2>{t('campaignSettings.variables')}</Subtitle2>
        <Caption1 className={styles.muted}>{t('campaignSettings.variablesHint')}</Caption1>
        {s.variables.map((variable, i) => (
          <div key={i} className={styles.variable}>
            <Field label={t('campaignSettings.key')}>
              <Input
                value={variable.key}
                disabled={ro}
                name={`variable-key-${i}`}
                onChange={(_, d) =>
                  set(
                    'variables',
                    s.variables.map((x, j) => (j === i ? { ...x, key: d.value } : x))
                  )
                }
              />
            </Field>
            <Field label={t('campaignSettings.value')}>
              <Input
                value={variable.value}
                disabled={ro}
                name={`variable-value-${i}`}
                onChange={(_, d) =>
                  set(
                    'variables',
                    s.variables.map((x, j) => (j === i ? { ...x, value: d.value } : x))
                  )
                }
              />
            </Field>
            {!ro && (
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t('campaignSettings.removeVariable')}
                onClick={() =>
                  set(
                    'variables',
                    s.variables.filter((_, j) => j !== i)
                  )
                }
              />
            )}
          </div>
        ))}
        {!ro && (
          <div>
            <Button icon={<AddRegular />} onClick={() => set('variables', [...s.variables, { key: '', value: '' }])}>
              {t('campaignSettings.addVariable')}
            </Button>
          </div>
        )}
        {!ro && (
          <div>
            <Button appearance="primary" type="submit" disabled={busy} data-testid="save-campaign-settings">
              {t('campaignSettings.save')}
            </Button>
          </div>
        )}
      </form>
    </Page>
  )
}
