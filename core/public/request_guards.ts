/**
 * Request guards: checks a plugin runs on every signed-in API call, after the
 * caller is known (ctx.actor, inside the tenant scope) and before the route's
 * handler. A guard refuses by throwing an AppError; it decides itself which
 * routes it leaves open (e.g. two-factor lets a user who must enrol reach the
 * enrolment and sign-out). Guards run in plugin order, so keep them cheap
 * (cached settings, one indexed read at most).
 */
import type { HttpContext } from '@adonisjs/core/http'
import { ExtensionPoint } from './extensions.js'

export type RequestGuard = (ctx: HttpContext) => Promise<void> | void

export const requestGuards = new ExtensionPoint<RequestGuard>('requestGuards')
