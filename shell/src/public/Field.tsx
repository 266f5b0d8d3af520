/** A labelled input of the public pages, showing the spec's validation message. */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string
  label: string
  error?: string | null
  onValue: (v: string) => void
}

export function Field({ id, label, error, onValue, required, ...input }: Props) {
  return (
    <Wrap id={id} label={label} error={error} required={required}>
      <input id={id} required={required} aria-invalid={!!error} onChange={(e) => onValue(e.target.value)} {...input} />
    </Wrap>
  )
}

export function Wrap(props: { id: string; label: string; error?: string | null; required?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className={`field${props.error ? ' invalid' : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required && <span className="req">*</span>}
      </label>
      <div className="control">{props.children}</div>
      {props.error && (
        <span className="field-error" role="alert">
          {t(props.error)}
        </span>
      )}
    </div>
  )
}

const Eye = ({ off }: { off: boolean }) => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {off && <path d="M3 3l18 18" />}
  </svg>
)

/** Password with the show/hide toggle of spec 1 §2. */
export function PasswordField(props: { id: string; label: string; value: string; error?: string | null; onValue: (v: string) => void; autoComplete: string }) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <Wrap id={props.id} label={props.label} error={props.error} required>
      <input
        id={props.id}
        name="password"
        type={shown ? 'text' : 'password'}
        value={props.value}
        autoComplete={props.autoComplete}
        required
        aria-invalid={!!props.error}
        onChange={(e) => props.onValue(e.target.value)}
      />
      <button
        type="button"
        className="icon-btn"
        aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        <Eye off={shown} />
      </button>
    </Wrap>
  )
}
