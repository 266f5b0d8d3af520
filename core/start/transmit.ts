/**
 * Realtime (Transmit SSE), authorised on the server. Every stream belongs to
 * the signed-in user that opened it, subscribe/unsubscribe act only on the
 * caller's own streams, only the channel names below exist, and open streams
 * are capped per user and per IP (see #services/realtime_streams):
 *
 * - `company/:cid`           the user's own company
 * - `company/:cid/user/:uid` the user's own user channel
 * - `platform`               every signed-in user
 */
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { middleware } from '#start/kernel'
import { indexChannels, streamOf } from '#services/realtime_index'
import { replayMissed } from '#services/realtime_fanout'
import {
  guardStreamOpen,
  guardSubscription,
  mayListen,
  streamTokenFromQuery,
  streams,
} from '#services/realtime_streams'

const actor = (ctx: HttpContext) => (ctx as any).actor as HttpContext['actor'] | undefined

// checked again by guardSubscription before Transmit runs these (same rule, one place)
transmit.authorize<{ cid: string }>('company/:cid', (ctx, { cid }) => mayListen(actor(ctx), `company/${cid}`))
transmit.authorize<{ cid: string; uid: string }>('company/:cid/user/:uid', (ctx, { cid, uid }) =>
  mayListen(actor(ctx), `company/${cid}/user/${uid}`)
)
transmit.authorize('platform', (ctx) => mayListen(actor(ctx), 'platform'))

transmit.registerRoutes((route) => {
  const pattern = route.getPattern().replace(/^\//, '')
  if (pattern === '__transmit/events') {
    route.use([streamTokenFromQuery, middleware.auth(), guardStreamOpen])
  } else if (pattern === '__transmit/subscribe') {
    route.use([middleware.auth(), guardSubscription('subscribe')])
  } else if (pattern === '__transmit/unsubscribe') {
    route.use([middleware.auth(), guardSubscription('unsubscribe')])
  } else {
    throw new Error(`unexpected Transmit route ${pattern}`)
  }
})

// each broadcast reaches its channel's streams without scanning every open stream
indexChannels(transmit)

// a stream opened with Last-Event-ID (a client back from a dead node or a cut connection): each
// subscription first gets the channel's events it missed, then the live ones
const subscribe = transmit.subscribe.bind(transmit)
transmit.subscribe = async (params) => {
  const since = streams.since(params.uid)
  const stream = since ? streamOf(params.uid) : undefined
  if (!since || !stream) return subscribe(params)
  const done = replayMissed(stream, params.channel, since)
  let ok = false
  try {
    ok = await subscribe(params)
  } finally {
    await done(ok)
  }
  return ok
}
