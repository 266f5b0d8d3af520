import type { SignInStep } from '#core/sign_in'
import { tenancy } from '#core/tenancy'
import { isEnabled } from './credentials.js'
import { issueChallenge } from './challenge.js'

/** After the password: an enrolled user gets a challenge, not the session (the login shape is unchanged for others). */
export const challengeStep: SignInStep = async ({ user, company }) => {
  if (!(await tenancy.run(company.id, () => isEnabled(user.id)))) return null
  return { twoFactor: true, challenge: issueChallenge(user.id, company.id) }
}
