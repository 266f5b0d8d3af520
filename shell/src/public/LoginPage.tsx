/**
 * /login: e-mail and password (shown or hidden). An expired company stays
 * signed in and lands on /financeiro-aberto with the expiry message.
 */
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { email as emailRule, required, check, isApiError, toastError } from '@balcao/ui/core'
import { POST_LOGIN_KEY, login, pendingLanding } from '../session/actions.js'
import { subscriptionLanding } from '../session/subscription.js'
import { AuthFrame } from './AuthFrame.js'
import { Field, PasswordField } from './Field.js'
import { LanguageSelect } from './LanguageSelect.js'

const RATE_LIMIT_TOAST_MS = 8000

export default function LoginPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const errors = { email: check(email, [required, emailRule]), password: check(password, [required]) }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (errors.email || errors.password) return
    setBusy(true)
    try {
      const session = await login(email.trim(), password)
      // the layout then shows the subscription notice and goes to /tickets when a module serves it
      sessionStorage.setItem(POST_LOGIN_KEY, '1')
      pendingLanding.path = subscriptionLanding(session.user) ?? '/'
      navigate(pendingLanding.path, { replace: true })
      session.open()
    } catch (err) {
      // a rate limit says how long to wait (the answer's retryAfter), and stays long enough to be read
      toastError(err, isApiError(err) && err.status === 429 ? RATE_LIMIT_TOAST_MS : undefined)
      setBusy(false)
    }
  }

  return (
    <AuthFrame
      title={t('login.title')}
      footer={
        <>
          <Link to="/signup">{t('login.noAccount')}</Link>
          <LanguageSelect />
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          id="email"
          name="email"
          type="email"
          label={t('login.email')}
          autoComplete="username"
          value={email}
          onValue={setEmail}
          error={submitted ? errors.email : null}
          required
          autoFocus
        />
        <PasswordField
          id="password"
          label={t('login.password')}
          value={password}
          onValue={setPassword}
          error={submitted ? errors.password : null}
          autoComplete="current-password"
        />
        <button className="btn" type="submit" disabled={busy}>
          {busy ? t('login.signingIn') : t('login.submit')}
        </button>
      </form>
    </AuthFrame>
  )
}
