/**
 * The channel's own settings (the API channel's callback URL and secret,
 * ...), drawn from the fields of its manifest as GET /modules lists them.
 * Secrets are never sent to the browser: a stored one shows as "set", and an
 * empty box keeps it.
 */
import { useTranslation } from 'react-i18next'
import { SelectField, TextField } from '@balcao/ui'
import type { ChannelDef } from '../types.js'
import { localized } from '../useChannels.js'
import { useDialogStyles, type TabProps } from './shared.js'
import { SnippetBox } from './SnippetBox.js'

export interface ChannelTabProps extends Pick<TabProps, 'v'> {
  channel: ChannelDef
  /** the saved connection's id (none while creating) */
  connectionId?: number
  secretsSet: Record<string, boolean>
  errors: Record<string, string | undefined>
  onChange: (name: string, value: string) => void
}

export function ChannelTab({ v, channel, connectionId, secretsSet, errors, onChange }: ChannelTabProps) {
  const { t, i18n } = useTranslation()
  const styles = useDialogStyles()
  const text = (x: Parameters<typeof localized>[0]) => localized(x, i18n.language)
  return (
    <div className={styles.tab} data-testid="channel-settings">
      {channel.fields.map((f) => {
        const value = v.settings[f.name] ?? ''
        const common = {
          label: text(f.label),
          name: `settings.${f.name}`,
          required: f.required && !(f.type === 'password' && secretsSet[f.name]),
          error: errors[f.name],
        }
        if (f.type === 'select') {
          return (
            <SelectField
              key={f.name}
              {...common}
              value={value}
              options={[
                ...(f.required ? [] : [{ value: '', label: t('connections.form.none') }]),
                ...f.options.map((o) => ({ value: o.value, label: text(o.label) })),
              ]}
              hint={text(f.help) || undefined}
              onChange={(x) => onChange(f.name, x)}
            />
          )
        }
        const secretHint =
          f.type === 'password' && secretsSet[f.name] ? t('connections.form.secretSet') : undefined
        return (
          <TextField
            key={f.name}
            {...common}
            type={f.type === 'password' ? 'password' : f.type === 'url' ? 'url' : 'text'}
            autoComplete={f.type === 'password' ? 'new-password' : 'off'}
            placeholder={f.type === 'password' && secretsSet[f.name] ? '••••••••' : f.type === 'url' ? 'https://' : undefined}
            value={value}
            hint={[secretHint, text(f.help)].filter(Boolean).join(' ') || undefined}
            onChange={(x) => onChange(f.name, x)}
          />
        )
      })}
      {channel.snippet && <SnippetBox endpoint={channel.snippet} connectionId={connectionId} />}
    </div>
  )
}
