/** Language list of the public pages; Turkish is listed by name only (spec 1 §1). */
import { useTranslation } from 'react-i18next'
import { LANGUAGES, changeLanguage, type LanguageCode } from '../i18n/setup.js'

export function LanguageSelect() {
  const { t, i18n } = useTranslation()
  return (
    <select
      aria-label={t('languages.label')}
      value={i18n.language}
      onChange={(e) => void changeLanguage(e.target.value as LanguageCode)}
      data-testid="language-select"
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code} disabled={'disabled' in l && l.disabled}>
          {l.name}
        </option>
      ))}
    </select>
  )
}
