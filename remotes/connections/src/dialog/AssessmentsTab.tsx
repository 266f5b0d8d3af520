/** Assessments tab (NPS): the rating message, its expiry and the bot's attempts. */
import { useTranslation } from 'react-i18next'
import { TextField } from '@balcao/ui'
import { useDialogStyles, type TabProps } from './shared.js'

export function AssessmentsTab({ v, set, error }: TabProps) {
  const { t } = useTranslation()
  const styles = useDialogStyles()
  return (
    <div className={styles.tab}>
      <TextField
        label={t('connections.form.ratingMessage')}
        name="ratingMessage"
        multiline
        value={v.ratingMessage}
        onChange={(x) => set('ratingMessage', x)}
        hint={t('connections.form.ratingHint')}
      />
      <div className={styles.row}>
        <TextField
          label={t('connections.form.expiresTicketNPS')}
          name="expiresTicketNPS"
          type="number"
          value={v.expiresTicketNPS}
          onChange={(x) => set('expiresTicketNPS', x)}
          error={error('expiresTicketNPS')}
        />
        <TextField
          label={t('connections.form.maxUseBotQueuesNPS')}
          name="maxUseBotQueuesNPS"
          type="number"
          value={v.maxUseBotQueuesNPS}
          onChange={(x) => set('maxUseBotQueuesNPS', x)}
          error={error('maxUseBotQueuesNPS')}
        />
      </div>
    </div>
  )
}
