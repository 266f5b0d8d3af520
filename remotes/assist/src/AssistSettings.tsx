/**
 * The admins' AI help settings: the company's OpenAI key (sent once, then only
 * its mask comes back; a blank turns the help off) and the model. Shown as a
 * tab of the settings screen (route embed) and on /assist.
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { Badge, Body1, Button, Caption1, Card, Subtitle2, makeStyles } from '@fluentui/react-components'
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons'
import { ErrorState, TextField, api, isAdmin, toastError, toasts, userAtom, LONG_TOAST_MS } from '@balcao/ui'
import { loadStatus, type AssistStatus } from './calls.js'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '640px', padding: '16px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
})

export function AssistSettings() {
  const { t } = useTranslation()
  const s = useStyles()
  const me = useAtomValue(userAtom)
  const [status, setStatus] = useState<AssistStatus | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [apiKey, setApiKey] = useState('')
  const [model, setModel] = useState('')
  const [showKey, setShowKey] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    api
      .get<AssistStatus>('/assist/settings')
      .then((st) => {
        setStatus(st)
        setApiKey(st.apiKey ?? '')
        setModel(st.model)
      })
      .catch(setError)
  }, [])

  if (error) return <ErrorState error={error} />
  if (!status) return null
  const admin = isAdmin(me)

  const save = async () => {
    setSaving(true)
    try {
      const saved = await api.put<AssistStatus>('/assist/settings', { apiKey: apiKey.trim(), model: model.trim() || undefined })
      setStatus(saved)
      setApiKey(saved.apiKey ?? '')
      setModel(saved.model)
      setShowKey(false)
      // the chat menus of this page follow at once
      void loadStatus(true).catch(() => {})
      toasts.success(t('assist.saved'), LONG_TOAST_MS)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card className={s.card} data-testid="assist-settings">
      <Subtitle2>{t('assist.settingsTitle')}</Subtitle2>
      <Body1>{t('assist.settingsIntro')}</Body1>
      <div className={s.row}>
        <Caption1>{t('assist.status')}:</Caption1>
        <Badge appearance="tint" color={status.configured ? 'success' : 'informative'} data-testid="assist-status">
          {status.configured ? t('assist.on') : t('assist.off')}
        </Badge>
        {status.dailyLimit !== undefined && (
          <Caption1>{t('assist.usage', { used: status.usedToday ?? 0, limit: status.dailyLimit })}</Caption1>
        )}
      </div>
      {admin ? (
        <>
          <TextField
            label={t('assist.apiKey')}
            name="apiKey"
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            value={apiKey}
            onChange={setApiKey}
            hint={t('assist.apiKeyHint')}
            contentAfter={
              <Button
                appearance="transparent"
                size="small"
                aria-label={showKey ? t('assist.hide') : t('assist.show')}
                icon={showKey ? <EyeOffRegular /> : <EyeRegular />}
                onClick={() => setShowKey((v) => !v)}
              />
            }
          />
          <TextField label={t('assist.model')} name="model" value={model} onChange={setModel} hint={t('assist.modelHint')} />
          <div className={s.actions}>
            <Button appearance="primary" disabled={saving} onClick={() => void save()} data-testid="assist-save">
              {t('assist.save')}
            </Button>
          </div>
        </>
      ) : (
        <Caption1>{t('assist.adminsOnly')}</Caption1>
      )}
    </Card>
  )
}
