/**
 * Realtime subscriptions, authorised on the server: a user may only listen to
 * their own company's channel, their own user channel, and the platform channel.
 */
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'

const actor = (ctx: HttpContext) => (ctx as any).actor as HttpContext['actor'] | undefined

transmit.authorize<{ cid: string }>('company/:cid', (ctx, { cid }) => {
  return actor(ctx)?.user.companyId === Number(cid)
})

transmit.authorize<{ cid: string; uid: string }>('company/:cid/user/:uid', (ctx, { cid, uid }) => {
  const a = actor(ctx)
  return !!a && a.user.companyId === Number(cid) && a.user.id === Number(uid)
})

transmit.authorize('platform', (ctx) => Boolean(actor(ctx)))

transmit.registerRoutes((route) => {
  const pattern = route.getPattern()
  if (pattern === '__transmit/subscribe' || pattern === '/__transmit/subscribe' || pattern.endsWith('/unsubscribe')) {
    route.use(middleware.auth())
  }
})
