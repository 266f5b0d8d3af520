/**
 * /two-factor: the caller's two-step verification (turn on with a QR code and a
 * first code, recovery codes shown once, turn off) and, for admins, the
 * company's rule and each user's state with a reset.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import {
  Badge,
  Body1,
  Button,
  Card,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ErrorState, Page, api, isAdmin, toastError, toasts, userAtom } from '@balcao/ui'
import { Enrolment } from './Enrolment.js'
import { CompanyRule } from './CompanyRule.js'

export interface TwoFactorState {
  enabled: boolean
  required: boolean
  recoveryCodesLeft: number
}

const useStyles = makeStyles({
  card: { maxWidth: '760px', padding: '20px', display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  off: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
})

export default function TwoFactorPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const user = useAtomValue(userAtom)
  const [state, setState] = useState<TwoFactorState | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [enrolling, setEnrolling] = useState(false)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)

  const load = useCallback(() => {
    api.get<TwoFactorState>('/two-factor').then(setState).catch(setError)
  }, [])
  useEffect(load, [load])

  const turnOff = async () => {
    setBusy(true)
    try {
      await api.post('/two-factor/disable', { code: code.trim() })
      toasts.success(t('twoFactor.disabled'))
      setCode('')
      load()
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  if (error) return <ErrorState error={error} onRetry={load} />
  if (!state) return <Spinner style={{ marginTop: 48 }} />

  return (
    <Page title={t('twoFactor.title')}>
      <Card className={styles.card}>
        <div className={styles.row}>
          <Subtitle2 as="h2">{t('twoFactor.yourAccount')}</Subtitle2>
          <Badge appearance="tint" color={state.enabled ? 'success' : 'informative'} data-testid="two-factor-status">
            {state.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        </div>
        <Body1 className={styles.muted}>{t('twoFactor.intro')}</Body1>
        {state.required && !state.enabled && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('twoFactor.requiredNotice')}</MessageBarBody>
          </MessageBar>
        )}
        {!state.enabled && !enrolling && (
          <div>
            <Button appearance="primary" data-testid="two-factor-turn-on" onClick={() => setEnrolling(true)}>
              {t('twoFactor.turnOn')}
            </Button>
          </div>
        )}
        {!state.enabled && enrolling && (
          <Enrolment
            onCancel={() => setEnrolling(false)}
            onDone={() => {
              setEnrolling(false)
              load()
            }}
          />
        )}
        {state.enabled && (
          <>
            <Body1>{t('twoFactor.recoveryLeft', { count: state.recoveryCodesLeft })}</Body1>
            {state.required ? (
              <Body1 className={styles.muted}>{t('twoFactor.lockedByCompany')}</Body1>
            ) : (
              <div className={styles.off}>
                <Field label={t('twoFactor.turnOffHelp')}>
                  <Input
                    value={code}
                    onChange={(_, d) => setCode(d.value)}
                    autoComplete="one-time-code"
                    aria-label={t('twoFactor.code')}
                  />
                </Field>
                <Button disabled={busy || !code.trim()} onClick={turnOff}>
                  {t('twoFactor.turnOff')}
                </Button>
              </div>
            )}
          </>
        )}
      </Card>
      {isAdmin(user) && <CompanyRule required={state.required} onChanged={load} />}
    </Page>
  )
}
