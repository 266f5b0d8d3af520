/** The company's service hours (shown when scheduleType is 'company'). */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Body1, Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  userAtom,
  toasts,
  toastError,
  ErrorState,
  ScheduleEditor,
  scheduleRows,
  type WeekdaySchedule,
} from '@balcao/ui'

export function SchedulesTab() {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const [rows, setRows] = useState<WeekdaySchedule[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const companyId = me?.company.id

  useEffect(() => {
    if (!companyId) return
    api
      .get<{ schedules?: WeekdaySchedule[] }>(`/companies/${companyId}`)
      .then((c) => setRows(scheduleRows(c.schedules, (d) => t(`kit.schedule.weekdays.${d}`, { lng: 'pt' }))))
      .catch(setError)
  }, [companyId, t])

  if (error) return <ErrorState error={error} />
  if (!rows) return null

  const save = async () => {
    setBusy(true)
    try {
      await api.put(`/companies/${companyId}/schedules`, { schedules: rows })
      toasts.success(t('admin.settings.schedulesSaved'))
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const canEdit = isAdmin(me)
  return (
    <>
      {canEdit ? (
        <Body1>{t('admin.settings.schedulesHint')}</Body1>
      ) : (
        <MessageBar intent="info" data-testid="settings-read-only">
          <MessageBarBody>{t('kit.readOnlyNotice')}</MessageBarBody>
        </MessageBar>
      )}
      <ScheduleEditor rows={rows} onChange={setRows} readOnly={!canEdit} />
      {canEdit && (
        <div>
          <Button appearance="primary" onClick={save} disabled={busy}>
            {t('admin.settings.saveSchedules')}
          </Button>
        </div>
      )}
    </>
  )
}
