/**
 * /signup: company sign-up with the validations of spec 1 §5. Plans come from
 * GET /plans/list; companyId in the query string only pre-fills (the server
 * never joins an existing company from it). The phone takes the Brazilian
 * mask while typed (+55 (11) 99999-9999, 12 or 13 digits, spec 1 §9) and is
 * sent as digits. Success goes to /login.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  api,
  rules,
  required,
  validate,
  hasErrors,
  toasts,
  isApiError,
  errorText,
  maskBrPhone,
  phoneDigits,
  type Plan,
} from '@balcao/ui/core'
import { AuthFrame } from './AuthFrame.js'
import { Field, PasswordField, Wrap } from './Field.js'
import { LanguageSelect } from './LanguageSelect.js'

interface Form {
  companyName: string
  name: string
  email: string
  password: string
  phone: string
  planId: string
}

const schema = {
  companyName: rules.name,
  name: rules.name,
  email: rules.email,
  password: rules.password,
  phone: rules.phone,
  planId: [required],
}

export default function SignupPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [plans, setPlans] = useState<Plan[]>([])
  const [form, setForm] = useState<Form>({ companyName: '', name: '', email: '', password: '', phone: '', planId: params.get('planId') ?? '' })
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const errors = validate(form, schema)
  const shown = (k: keyof Form) => (submitted ? errors[k] : null)
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }))
  const companyId = params.get('companyId')

  useEffect(() => {
    api
      .get<Plan[]>('/plans/list')
      .then((list) => setPlans(list))
      .catch((e) => toasts.error(errorText(e)))
  }, [])

  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language === 'pt' ? 'pt-BR' : i18n.language, { style: 'currency', currency: 'BRL' }).format(n)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (hasErrors(errors)) return
    setBusy(true)
    try {
      await api.post('/auth/signup', {
        ...form,
        email: form.email.trim(),
        phone: phoneDigits(form.phone),
        planId: Number(form.planId),
        ...(companyId ? { companyId } : {}),
      })
      toasts.success(t('signup.success'), 4000)
      navigate('/login', { replace: true })
    } catch (err) {
      // field problems and known codes get their own text; the rest the spec's generic sign-up failure
      toasts.error(isApiError(err) && err.code && err.code !== 'ERR_VALIDATION' ? errorText(err) : t('signup.failure'), 4000)
      setBusy(false)
    }
  }

  return (
    <AuthFrame
      wide
      title={t('signup.title')}
      footer={
        <>
          <Link to="/login">{t('signup.haveAccount')}</Link>
          <LanguageSelect />
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field id="companyName" name="companyName" label={t('signup.companyName')} value={form.companyName} onValue={set('companyName')} error={shown('companyName')} required autoFocus />
        <Field id="name" name="name" label={t('signup.name')} value={form.name} onValue={set('name')} error={shown('name')} autoComplete="name" required />
        <Field id="email" name="email" type="email" label={t('signup.email')} value={form.email} onValue={set('email')} error={shown('email')} autoComplete="email" required />
        <PasswordField id="password" label={t('signup.password')} value={form.password} onValue={set('password')} error={shown('password')} autoComplete="new-password" />
        <Field
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          label={t('signup.phone')}
          value={form.phone}
          onValue={(v) => set('phone')(maskBrPhone(v))}
          error={shown('phone')}
          autoComplete="tel"
          placeholder="+55 (11) 99999-9999"
          required
        />
        <Wrap id="planId" label={t('signup.plan')} error={shown('planId')} required>
          <select id="planId" name="planId" value={form.planId} onChange={(e) => set('planId')(e.target.value)} aria-invalid={!!shown('planId')}>
            <option value="">{plans.length ? t('signup.selectPlan') : t('signup.noPlans')}</option>
            {plans.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {t('signup.planOption', { name: p.name, users: p.users, connections: p.connections, queues: p.queues, amount: money(Number(p.amount)) })}
              </option>
            ))}
          </select>
        </Wrap>
        <button className="btn" type="submit" disabled={busy}>
          {t('signup.submit')}
        </button>
      </form>
    </AuthFrame>
  )
}
