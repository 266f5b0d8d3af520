import type { HttpContext } from '@adonisjs/core/http'
import { viewerOf, type Viewer } from './viewer.js'
import { shouldMask } from './ticket_presenter.js'

/** The caller's viewer and masking rule, computed once per request. */
export async function callerOf(ctx: HttpContext): Promise<{ viewer: Viewer; mask: boolean }> {
  const cached = (ctx as any).__inboxCaller
  if (cached) return cached
  const viewer = await viewerOf(ctx.actor.user, ctx.actor.queueIds)
  const value = { viewer, mask: await shouldMask(viewer.isAdmin) }
  ;(ctx as any).__inboxCaller = value
  return value
}
