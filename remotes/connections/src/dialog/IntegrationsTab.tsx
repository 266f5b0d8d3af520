/** Integrations tab: the queue integration, the AI prompt and the WhatsApp provider. */
import { useTranslation } from 'react-i18next'
import { SelectField } from '@balcao/ui'
import { useDialogStyles, type Option, type TabProps } from './shared.js'

export function IntegrationsTab({ v, set, integrations, prompts }: TabProps & { integrations: Option[]; prompts: Option[] }) {
  const { t } = useTranslation()
  const styles = useDialogStyles()
  const none = { value: '', label: t('connections.form.none') }
  return (
    <div className={styles.tab}>
      <SelectField
        label={t('connections.form.integration')}
        value={v.integrationId}
        options={[none, ...integrations.map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(x) => set('integrationId', x)}
        hint={integrations.length ? undefined : t('connections.form.noIntegrations')}
      />
      <SelectField
        label={t('connections.form.prompt')}
        value={v.promptId}
        options={[none, ...prompts.map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(x) => set('promptId', x)}
        hint={prompts.length ? undefined : t('connections.form.noPrompts')}
      />
      <SelectField
        label={t('connections.form.provider')}
        value={v.provider}
        options={[
          { value: 'beta', label: 'Baileys (beta)' },
          { value: 'stable', label: t('connections.form.providerStable') },
        ]}
        onChange={(x) => set('provider', x)}
      />
    </div>
  )
}
