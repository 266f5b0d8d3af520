/**
 * Company switches that save on change, each with an updating hint while its
 * call runs. Someone who may not change them (an attendant) sees every setting
 * in the kit's one read-only style, under a notice saying so.
 */
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, isAdmin, userAtom, toasts, toastError, SelectField, SwitchField, TextField } from '@balcao/ui'
import { SETTINGS, type SettingDef } from './keys.js'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: '4px 24px' },
  section: { marginTop: '16px', marginBottom: '4px', color: tokens.colorNeutralForeground2 },
})

export function OptionsTab(props: { values: Record<string, string>; onChange: (key: string, value: string) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const [saving, setSaving] = useState<Record<string, boolean>>({})
  const [drafts, setDrafts] = useState<Record<string, string>>({})
  const canEdit = isAdmin(me)

  const save = async (key: string, value: string) => {
    const before = props.values[key]
    props.onChange(key, value)
    setSaving((s) => ({ ...s, [key]: true }))
    try {
      const res = await api.put<{ key: string; value: string }>(`/settings/${key}`, { value })
      props.onChange(key, res.value)
      toasts.success(t('admin.settings.saved'))
    } catch (e) {
      props.onChange(key, before)
      toastError(e)
    } finally {
      setSaving((s) => ({ ...s, [key]: false }))
    }
  }

  const hint = (key: string) => (saving[key] ? t('admin.settings.updating') : undefined)
  const label = (key: string) => t(`admin.settings.keys.${key}`)
  const visible = SETTINGS.filter((d) => (!d.superOnly || me?.super) && props.values[d.key] !== undefined)

  const control = (d: SettingDef) => {
    const value = props.values[d.key]
    if (d.kind === 'switch') {
      return (
        <SwitchField
          key={d.key}
          name={d.key}
          label={label(d.key)}
          checked={value === 'enabled'}
          readOnly={!canEdit}
          disabled={saving[d.key]}
          hint={hint(d.key)}
          onChange={(c) => void save(d.key, c ? 'enabled' : 'disabled')}
        />
      )
    }
    if (d.kind === 'select') {
      return (
        <SelectField
          key={d.key}
          name={d.key}
          label={label(d.key)}
          value={value}
          readOnly={!canEdit}
          disabled={saving[d.key]}
          hint={hint(d.key)}
          options={(d.values ?? []).map((v) => ({ value: v, label: t(`admin.settings.${d.labels}.${v}`) }))}
          onChange={(v) => void save(d.key, v)}
        />
      )
    }
    if (!canEdit)
      return <TextField key={d.key} name={d.key} label={label(d.key)} value={value} readOnly onChange={() => {}} />
    // free text saves when the field loses focus, not on every key
    return (
      <div
        key={d.key}
        onBlur={() => drafts[d.key] !== undefined && drafts[d.key] !== value && void save(d.key, drafts[d.key])}
      >
        <TextField
          label={label(d.key)}
          name={d.key}
          value={drafts[d.key] ?? value}
          disabled={saving[d.key]}
          hint={hint(d.key)}
          multiline={d.multiline}
          onChange={(v) => setDrafts((s) => ({ ...s, [d.key]: v }))}
        />
      </div>
    )
  }

  return (
    <>
      {!canEdit && (
        <MessageBar intent="info" data-testid="settings-read-only">
          <MessageBarBody>{t('kit.readOnlyNotice')}</MessageBarBody>
        </MessageBar>
      )}
      {(['general', 'tickets', 'lgpd'] as const).map((section) => (
        <section key={section}>
          <Subtitle2 as="h2" className={styles.section}>
            {t(`admin.settings.sections.${section}`)}
          </Subtitle2>
          <div className={styles.grid}>{visible.filter((d) => d.section === section).map(control)}</div>
        </section>
      ))}
    </>
  )
}
