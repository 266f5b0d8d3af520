import { moduleRoutes, router } from '#core/http'
import manifest from './module.js'

const TwoFactorController = () => import('./controllers/two_factor_controller.js')
const SecondStepController = () => import('./controllers/second_step_controller.js')

// the second sign-in step: no session yet, authenticated by the signed challenge of POST /auth/login
router.post('/auth/two-factor', [SecondStepController, 'verify'])

moduleRoutes(manifest, () => {
  router.get('/two-factor', [TwoFactorController, 'show'])
  router.post('/two-factor/setup', [TwoFactorController, 'setup'])
  router.post('/two-factor/confirm', [TwoFactorController, 'confirm'])
  router.post('/two-factor/disable', [TwoFactorController, 'disable'])
  router.get('/two-factor/users', [TwoFactorController, 'users'])
  router.post('/two-factor/users/:id/reset', [TwoFactorController, 'reset'])
})
