/** Messages tab: greeting, completion, out of hours, inactivity and the collective vacation. */
import { useTranslation } from 'react-i18next'
import { TextField } from '@balcao/ui'
import { useDialogStyles, type TabProps } from './shared.js'

const MESSAGES = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'inactiveMessage',
  'expiresInactiveMessage',
] as const

export function MessagesTab({ v, set, error }: TabProps) {
  const { t } = useTranslation()
  const styles = useDialogStyles()
  return (
    <div className={styles.tab}>
      {MESSAGES.map((k) => (
        <TextField
          key={k}
          label={t(`connections.form.${k}`)}
          name={k}
          multiline
          value={v[k]}
          onChange={(x) => set(k, x)}
          error={error(k)}
        />
      ))}
      <div className={styles.section}>{t('connections.form.vacationTitle')}</div>
      <TextField
        label={t('connections.form.collectiveVacationMessage')}
        name="collectiveVacationMessage"
        multiline
        value={v.collectiveVacationMessage}
        onChange={(x) => set('collectiveVacationMessage', x)}
        error={error('collectiveVacationMessage')}
      />
      <div className={styles.row}>
        <TextField
          label={t('connections.form.collectiveVacationStart')}
          name="collectiveVacationStart"
          type="date"
          value={v.collectiveVacationStart}
          onChange={(x) => set('collectiveVacationStart', x)}
          error={error('collectiveVacationStart')}
        />
        <TextField
          label={t('connections.form.collectiveVacationEnd')}
          name="collectiveVacationEnd"
          type="date"
          value={v.collectiveVacationEnd}
          onChange={(x) => set('collectiveVacationEnd', x)}
          error={error('collectiveVacationEnd')}
        />
      </div>
    </div>
  )
}
