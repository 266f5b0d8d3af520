/** Chatbot tab: queue redirect, bot limits, new-ticket window, ticket expiry and inactivity. */
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '@balcao/ui'
import type { ConnectionForm } from '../connectionForm.js'
import { useDialogStyles, type TabProps } from './shared.js'

type NumberKey =
  | 'timeSendQueue'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'timeCreateNewTicket'
  | 'expiresTicket'
  | 'timeInactiveMessage'

export function ChatbotTab({ v, set, error, queueOptions }: TabProps & { queueOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation()
  const styles = useDialogStyles()
  const number = (k: NumberKey) => (
    <TextField
      label={t(`connections.form.${k}`)}
      name={k}
      type="number"
      value={v[k]}
      onChange={(x) => set(k, x)}
      error={error(k)}
    />
  )
  return (
    <div className={styles.tab}>
      <div className={styles.row}>
        <SelectField
          label={t('connections.form.sendIdQueue')}
          name="sendIdQueue"
          value={v.sendIdQueue}
          options={[{ value: '', label: t('connections.form.none') }, ...queueOptions]}
          onChange={(x) => set('sendIdQueue', x)}
          error={error('sendIdQueue')}
        />
        {number('timeSendQueue')}
      </div>
      <div className={styles.row}>
        {number('maxUseBotQueues')}
        {number('timeUseBotQueues')}
      </div>
      {number('timeCreateNewTicket')}
      <div className={styles.row}>
        {number('expiresTicket')}
        <SelectField
          label={t('connections.form.whenExpiresTicket')}
          value={v.whenExpiresTicket}
          options={[
            { value: '0', label: t('connections.form.whenExpires0') },
            { value: '1', label: t('connections.form.whenExpires1') },
          ]}
          onChange={(x) => set('whenExpiresTicket', x as ConnectionForm['whenExpiresTicket'])}
        />
      </div>
      {number('timeInactiveMessage')}
    </div>
  )
}
