/** Turning the factor on: QR code (and the key and URI as text), a first code, then the recovery codes once. */
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Body1, Button, Caption1, Field, Input, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { api, downloadName, toastError, toasts } from '@balcao/ui'
import { QrCode } from '@balcao/ui'

const useStyles = makeStyles({
  steps: { display: 'flex', gap: '24px', flexWrap: 'wrap', alignItems: 'flex-start' },
  qr: { flexShrink: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: '4px', lineHeight: 0 },
  text: { display: 'flex', flexDirection: 'column', gap: '10px', flex: '1 1 260px', minWidth: 0 },
  key: { fontFamily: tokens.fontFamilyMonospace, fontSize: '15px', letterSpacing: '1px', wordBreak: 'break-all' },
  uri: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all', color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
    gap: '6px 16px',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: '15px',
    padding: '12px',
    background: tokens.colorNeutralBackground3,
    borderRadius: '4px',
    maxWidth: '480px',
  },
})

const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

export function Enrolment(props: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [recovery, setRecovery] = useState<string[] | null>(null)

  useEffect(() => {
    api
      .post<{ secret: string; uri: string }>('/two-factor/setup')
      .then(setSetup)
      .catch((err) => {
        toastError(err)
        props.onCancel()
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const confirm = async () => {
    setBusy(true)
    try {
      const res = await api.post<{ recoveryCodes: string[] }>('/two-factor/confirm', { code: code.replace(/\s/g, '') })
      setRecovery(res.recoveryCodes)
      toasts.success(t('twoFactor.enabled'))
    } catch (err) {
      toastError(err)
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  if (recovery) {
    const text = recovery.join('\n')
    return (
      <>
        <Subtitle2 as="h3">{t('twoFactor.recoveryTitle')}</Subtitle2>
        <Body1>{t('twoFactor.recoveryHelp')}</Body1>
        <div className={styles.codes} data-testid="two-factor-recovery-codes">
          {recovery.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </div>
        <div className={styles.row}>
          <Button
            onClick={() => navigator.clipboard?.writeText(text).then(() => toasts.success(t('twoFactor.copied')))}
          >
            {t('twoFactor.copy')}
          </Button>
          <Button
            as="a"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}
            download={downloadName(t('twoFactor.recoveryFileName'), 'txt')}
          >
            {t('twoFactor.download')}
          </Button>
          <Button appearance="primary" data-testid="two-factor-done" onClick={props.onDone}>
            {t('twoFactor.done')}
          </Button>
        </div>
      </>
    )
  }

  if (!setup) return <Spinner size="small" />
  return (
    <div className={styles.steps}>
      <div className={styles.qr}>
        <QrCode value={setup.uri} size={200} label={t('twoFactor.qrLabel')} testId="two-factor-qr" />
      </div>
      <div className={styles.text}>
        <Body1>{t('twoFactor.scan')}</Body1>
        <Caption1>{t('twoFactor.manual')}</Caption1>
        <span className={styles.key} data-testid="two-factor-secret" data-secret={setup.secret}>
          {grouped(setup.secret)}
        </span>
        <details>
          <summary>
            <Caption1>{t('twoFactor.uri')}</Caption1>
          </summary>
          <Caption1 className={styles.uri} data-testid="two-factor-uri">
            {setup.uri}
          </Caption1>
        </details>
        <Body1>{t('twoFactor.enterCode')}</Body1>
        <div className={styles.row}>
          <Field label={t('twoFactor.code')}>
            <Input
              value={code}
              onChange={(_, d) => setCode(d.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              data-testid="two-factor-code"
              onKeyDown={(e) => e.key === 'Enter' && code.trim() && void confirm()}
            />
          </Field>
          <Button appearance="primary" disabled={busy || !code.trim()} onClick={confirm} data-testid="two-factor-confirm">
            {t('twoFactor.confirm')}
          </Button>
          <Button onClick={props.onCancel}>{t('twoFactor.cancel')}</Button>
        </div>
      </div>
    </div>
  )
}
