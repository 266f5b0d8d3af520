/** The card around the login and sign-up forms. */
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PublicToasts } from './PublicToasts.js'
import './public.css'

export function AuthFrame(props: { title: string; wide?: boolean; children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation()
  return (
    <main className="auth">
      <PublicToasts />
      <div className={`auth-card${props.wide ? ' wide' : ''}`}>
        <div className="auth-brand">
          <div className="auth-logo" aria-hidden="true">
            B
          </div>
          <h1>{t('app.name')}</h1>
        </div>
        <p className="auth-tagline">{t('app.tagline')}</p>
        <h2>{props.title}</h2>
        {props.children}
        <div className="auth-links">{props.footer}</div>
      </div>
    </main>
  )
}
