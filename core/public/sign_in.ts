/**
 * The sign-in seam. After a correct password (and the core's session gates),
 * each contributor of `signInSteps` may answer instead of opening the session,
 * e.g. two-factor's challenge; the plugin later finishes the sign-in with
 * `completeSignIn`, which opens the session exactly as POST /auth/login does.
 * `loginLimits` are the sign-in rate limits, so a later step counts against them too.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import type Company from '#models/company'
import { ExtensionPoint } from './extensions.js'
import type { Limit } from '../app/services/rate_limiter.js'

/** Returns the login answer to send instead of a session, or null to let the sign-in go on. */
export type SignInStep = (signIn: { user: User; company: Company }) => Promise<Record<string, unknown> | null>

export const signInSteps = new ExtensionPoint<SignInStep>('signInSteps')

export const loginLimits = (ip: string, email: string): Limit[] => [
  { key: `login:ip:${ip}`, max: 5, windowSeconds: 300 },
  { key: `login:email:${email.toLowerCase()}`, max: 10, windowSeconds: 900 },
]

/** Opens the session (same gates and answer as POST /auth/login); imported lazily to keep the seam cycle-free. */
export async function completeSignIn(ctx: HttpContext, user: User, company: Company) {
  const { completeSignIn: complete } = await import('../app/controllers/auth_controller.js')
  return complete(ctx, user, company)
}
