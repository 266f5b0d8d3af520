import { defineModule } from '#core/module'
import { errors } from './errors.js'

/**
 * Two-factor sign-in (issue 24 item 4): TOTP (RFC 6238) per user, enforceable
 * per company (setting twoFactorRequired), recovery codes, admin reset. It
 * plugs into the core's sign-in through #core/sign_in (signInSteps).
 */
export default defineModule({
  name: 'two-factor',
  feature: null,
  errors,
  migrations: 'database/migrations',
  provider: () => import('./provider.js'),
  settings: { twoFactorRequired: { default: 'disabled', values: ['enabled', 'disabled'] } },
  remote: { name: 'two-factor', expose: './App', routes: ['/two-factor'] },
})
