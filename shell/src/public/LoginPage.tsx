/**
 * /login: e-mail and password (shown or hidden). An expired company stays
 * signed in and lands on /financeiro-aberto with the expiry message.
 */
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, email as emailRule, required, check, isApiError, toastError } from '@balcao/ui/core'
import { POST_LOGIN_KEY, login, loginSecondStep, pendingLanding } from '../session/actions.js'
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
  // two-step verification: the login's challenge, then the code (or a recovery code)
  const [challenge, setChallenge] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const errors = { email: check(email, [required, emailRule]), password: check(password, [required]) }

  const open = async (session: Awaited<ReturnType<typeof loginSecondStep>>) => {
    // the layout then shows the subscription notice and goes to /tickets when a module serves it
    sessionStorage.setItem(POST_LOGIN_KEY, '1')
    pendingLanding.path = subscriptionLanding(session.user) ?? ((await mustEnrol()) ? '/two-factor' : '/')
    navigate(pendingLanding.path, { replace: true })
    session.open()
  }

  const fail = (err: unknown) => {
    // a rate limit says how long to wait (the answer's retryAfter), and stays long enough to be read
    toastError(err, isApiError(err) && err.status === 429 ? RATE_LIMIT_TOAST_MS : undefined)
    setBusy(false)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (errors.email || errors.password) return
    setBusy(true)
    try {
      const result = await login(email.trim(), password)
      if ('challenge' in result) {
        setChallenge(result.challenge)
        setBusy(false)
      } else await open(result)
    } catch (err) {
      fail(err)
    }
  }

  const submitCode = async (e: FormEvent) => {
    e.preventDefault()
    if (!challenge || !code.trim()) return
    setBusy(true)
    try {
      await open(await loginSecondStep(challenge, code.trim()))
    } catch (err) {
      // an expired challenge starts over from the password
      if (isApiError(err) && err.code === 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED') setChallenge(null)
      setCode('')
      fail(err)
    }
  }

  if (challenge) {
    return (
      <AuthFrame title={t('login.twoFactorTitle')} footer={<LanguageSelect />}>
        <form onSubmit={submitCode} noValidate>
          <p style={{ margin: '0 0 16px', color: 'var(--muted)', lineHeight: 1.4 }}>{t('login.twoFactorHint')}</p>
          <Field
            id="code"
            name="code"
            label={t('login.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onValue={setCode}
            required
            autoFocus
          />
          <button className="btn" type="submit" disabled={busy || !code.trim()}>
            {busy ? t('login.signingIn') : t('login.verify')}
          </button>
          <button
            type="button"
            style={{ marginTop: 12, width: '100%', background: 'none', border: 0, color: 'var(--brand)', cursor: 'pointer', font: 'inherit' }}
            onClick={() => {
              setChallenge(null)
              setCode('')
            }}
          >
            {t('login.back')}
          </button>
        </form>
      </AuthFrame>
    )
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

/** A company that requires two-step verification sends a user without it to enrolment (two-factor module). */
async function mustEnrol() {
  try {
    const state = await api.get<{ required: boolean; enabled: boolean }>('/two-factor')
    return state.required && !state.enabled
  } catch {
    return false
  }
}
