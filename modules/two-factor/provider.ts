import type { ApplicationService } from '@adonisjs/core/types'

export default class TwoFactorProvider {
  constructor(protected app: ApplicationService) {}

  /** Joins the sign-in (a challenge instead of the session for enrolled users), guards the API and mounts the routes. */
  async start() {
    const { signInSteps } = await import('#core/sign_in')
    const { challengeStep } = await import('./services/sign_in_step.js')
    signInSteps.add('two-factor', challengeStep)
    // the company's requirement, enforced on every signed-in call (not only by the shell's redirect)
    const { requestGuards } = await import('#core/request_guards')
    const { enrolmentGuard } = await import('./services/enrolment_guard.js')
    requestGuards.add('two-factor', enrolmentGuard)
    await import('./routes.js')
  }
}
