import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { AppError } from '#core/errors'

/**
 * Text PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone
 * UTF-16 surrogate) is refused once here, for every route, instead of failing
 * deep inside a query or a validator. Channel webhooks (`/channels/…`) carry
 * what outside senders wrote, which must never be refused for it: there NUL is
 * dropped and lone surrogates become U+FFFD.
 */
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g
const BAD = (s: string) => s.includes('\u0000') || !s.isWellFormed()

function firstBad(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return BAD(value) ? path : null
  if (!value || typeof value !== 'object' || depth > 32) return null
  for (const [k, v] of Object.entries(value)) {
    if (BAD(k)) return path ? `${path}.?` : '?'
    const found = firstBad(v, path ? `${path}.${k}` : k, depth + 1)
    if (found) return found
  }
  return null
}

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(NUL, '').toWellFormed()
  if (!value || typeof value !== 'object' || depth > 32) return value
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[clean(k) as string] = clean(v, depth + 1)
  return out
}

const refuse = (field: string) =>
  new AppError('ERR_VALIDATION', 422, { fields: [{ field, rule: 'text', message: 'invalid characters' }] })

export default class InputGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const lenient = (ctx.route?.pattern ?? '').startsWith('/channels/')
    if (lenient) {
      request.updateBody(clean(request.body()) as Record<string, any>)
      request.updateQs(clean(request.qs()) as Record<string, any>)
      return next()
    }
    const bad = firstBad(ctx.params, 'params') ?? firstBad(request.qs(), 'query') ?? firstBad(request.body(), 'body')
    if (bad) throw refuse(bad)
    for (const file of Object.values(request.allFiles()).flat()) {
      const name = (file as { clientName?: string })?.clientName
      if (typeof name === 'string' && BAD(name)) throw refuse('file')
    }
    return next()
  }
}
