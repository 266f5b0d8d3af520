import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/** Baseline headers for every response (the app is same-origin only). */
export default class SecurityHeadersMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('x-content-type-options', 'nosniff')
    response.header('x-frame-options', 'SAMEORIGIN')
    response.header('referrer-policy', 'same-origin')
    return next()
  }
}
