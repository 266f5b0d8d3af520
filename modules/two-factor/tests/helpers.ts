/** Test helpers: enrol a user directly (the service path the routes use) and compute codes at the module's clock. */
import { tenancy } from '#core/tenancy'
import type { User } from '#core/models'
import * as credentials from '../services/credentials.js'
import { clock } from '../services/clock.js'
import { newSecret, totp } from '../services/totp.js'

/** Starts an enrolment (not yet confirmed); returns the secret. */
export async function startEnrolment(user: User) {
  const secret = newSecret()
  await tenancy.run(user.companyId, () => credentials.start(user.id, secret))
  return secret
}

/** An enrolled user: secret and plain recovery codes. */
export async function enrol(user: User) {
  const secret = await startEnrolment(user)
  const recoveryCodes = await tenancy.run(user.companyId, async () =>
    credentials.enable((await credentials.find(user.id))!)
  )
  return { secret, recoveryCodes }
}

/** The code at the module's clock, shifted by `steps` time steps. */
export const codeNow = (secret: string, steps = 0) => totp(secret, clock.now() + steps * 30_000)
