/**
 * The widget's public routes, /channels/webchat/:key/... . No user session:
 * the key names the connection and every call from a page must come from one
 * of its allowed origins (guard.ts). Visitors are identified by the signed
 * token the widget keeps (visitor_token.ts).
 *   GET  widget.js   the script (any page may load it; it only talks to allowed origins)
 *   OPTIONS *        CORS preflight
 *   GET  config      title and pre-chat form
 *   POST session     { visitor?, name?, email? } → { visitor } (the same one when the token is valid)
 *   GET  messages    history (?after=<id>), header x-webchat-visitor
 *   POST messages    { body, clientId? } → 202, through the durable inbound pipeline
 *   POST attachments multipart `file` (image or PDF, attachments.ts) → 202, the same way
 *   GET  stream      SSE of new messages (?visitor=<token>&after=<id>)
 *   GET  demo        a page embedding the widget, outside production only
 * Limits: WEBCHAT_PER_IP_PER_MINUTE calls per address (120), new visitors per
 * address and hour (WEBCHAT_NEW_VISITORS_PER_HOUR, 10), messages per visitor
 * and minute (WEBCHAT_MESSAGES_PER_MINUTE, 20), STREAMS_PER_VISITOR streams.
 */
import type { HttpContext } from '@adonisjs/core/http'
import { readFileSync } from 'node:fs'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { AppError } from '#core/errors'
import { rateLimiter } from '#core/http'
import { channelHooks, connectionRef } from '#core/pipeline'
import { tenancy } from '#core/tenancy'
import type { Whatsapp } from '#core/models'
import { conversationMessages, type ConversationMessage } from '#modules/inbox/public/channel_conversation'
import { guard, knownConnection } from './guard.js'
import { createVisitor, findVisitor, requireVisitor } from './visitors.js'
import { signVisitor } from './visitor_token.js'
import { messageValidator, sessionValidator } from './validators.js'
import { live, POLL_MS } from './live.js'
import { demoPage } from './demo_page.js'
import { MAX_BYTES, storeAttachment } from './attachments.js'
import { storage } from '#core/storage'
import { pickLang } from '#core/error_texts'
import { markSeen } from './mail.js'

const STREAMS_PER_VISITOR = 3
const STREAM_MAX_MS = 30 * 60_000
const HEARTBEAT_MS = 25_000

const newVisitorsFrom = (ip: string) => ({
  key: `webchat:new:${ip}`,
  max: Number(process.env.WEBCHAT_NEW_VISITORS_PER_HOUR) || 10,
  windowSeconds: 3600,
})
const messagesOf = (whatsappId: number, number: string) => ({
  key: `webchat:msg:${whatsappId}:${number}`,
  max: Number(process.env.WEBCHAT_MESSAGES_PER_MINUTE) || 20,
  windowSeconds: 60,
})

// read once: the script is a static file of this channel
let script: string | null = null
function widgetSource() {
  script ??= readFileSync(fileURLToPath(new URL('./widget/widget.js', import.meta.url)), 'utf8')
  return script
}

type Ask = 'off' | 'optional' | 'required'
const ask = (v: unknown): Ask => (v === 'optional' || v === 'required' ? v : 'off')

function configOf(whatsapp: Whatsapp) {
  const s = whatsapp.settings ?? {}
  return {
    title: typeof s.title === 'string' && s.title ? s.title : null,
    preChat: { name: ask(s.preChatName), email: ask(s.preChatEmail) },
  }
}

const shown = (m: ConversationMessage) => ({
  id: m.id,
  body: m.body,
  fromMe: m.fromMe,
  mediaType: m.mediaType,
  // a signed, expiring path on this product (the widget prefixes its origin)
  mediaUrl: storage.url(m.mediaKey),
  mediaName: m.mediaKey ? m.mediaName : null,
  deleted: m.isDeleted,
  at: m.createdAt,
})

function afterParam(raw: unknown) {
  const n = Number(raw)
  return Number.isInteger(n) && n > 0 && n < Number.MAX_SAFE_INTEGER ? n : 0
}

export default class WidgetController {
  async script(ctx: HttpContext) {
    await knownConnection(ctx)
    ctx.response.header('content-type', 'application/javascript; charset=utf-8')
    // the same file for every page of the site: the browser and any CDN keep it for an hour
    ctx.response.header('cache-control', 'public, max-age=3600')
    ctx.response.header('cross-origin-resource-policy', 'cross-origin')
    return ctx.response.send(widgetSource())
  }

  async preflight(ctx: HttpContext) {
    await guard(ctx)
    ctx.response.header('access-control-allow-methods', 'GET, POST, OPTIONS')
    ctx.response.header('access-control-allow-headers', 'content-type, x-webchat-visitor')
    ctx.response.header('access-control-max-age', '600')
    return ctx.response.noContent()
  }

  async config(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    return configOf(whatsapp)
  }

  async session(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    const data = await ctx.request.validateUsing(sessionValidator)
    const existing = data.visitor ? await findVisitor(whatsapp, data.visitor) : null
    if (existing) return { visitor: data.visitor, name: existing.name, email: existing.email }
    const { preChat } = configOf(whatsapp)
    const missing = [
      preChat.name === 'required' && !data.name ? 'name' : null,
      preChat.email === 'required' && !data.email ? 'email' : null,
    ].filter((f): f is string => Boolean(f))
    if (missing.length) {
      throw new AppError('ERR_WEBCHAT_PRECHAT_REQUIRED', 422, {
        fields: missing.map((field) => ({ field, rule: 'required', message: 'required' })),
      })
    }
    await rateLimiter.consume([newVisitorsFrom(ctx.request.ip())])
    const visitor = await createVisitor(whatsapp, {
      name: preChat.name === 'off' ? undefined : data.name,
      email: preChat.email === 'off' ? undefined : data.email,
      // for the reply e-mails: the visitor's language and the site they wrote from (an allowed origin)
      lang: pickLang(ctx.request.header('accept-language')),
      site: ctx.request.header('origin') ?? undefined,
    })
    const token = signVisitor({ w: whatsapp.id, v: visitor.number })
    return ctx.response.created({ visitor: token, name: visitor.name, email: visitor.email })
  }

  async history(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    const visitor = await requireVisitor(ctx, whatsapp)
    const after = afterParam(ctx.request.qs().after)
    const rows = await tenancy.run(whatsapp.companyId, async () => {
      const found = await conversationMessages(whatsapp.id, visitor.number, after, 100)
      await markSeen(whatsapp.id, visitor.number, found.at(-1)?.id ?? 0)
      return found
    })
    return { messages: rows.map(shown) }
  }

  async send(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    const visitor = await requireVisitor(ctx, whatsapp)
    const data = await ctx.request.validateUsing(messageValidator)
    await rateLimiter.consume([messagesOf(whatsapp.id, visitor.number)])
    const id = `webchat:${visitor.number}:${data.clientId ?? crypto.randomUUID()}`
    const result = await channelHooks.inbound(connectionRef(whatsapp), {
      kind: 'message',
      whatsappId: whatsapp.id,
      providerMessageId: id,
      timestamp: Date.now(),
      contact: { number: visitor.number, name: visitor.name ?? `Visitante ${visitor.number.slice(-4)}` },
      body: data.body,
    })
    return ctx.response.accepted({ id: result.id, duplicate: result.duplicate })
  }

  async attachment(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    const visitor = await requireVisitor(ctx, whatsapp)
    await rateLimiter.consume([messagesOf(whatsapp.id, visitor.number)])
    const file = ctx.request.file('file', { size: MAX_BYTES })
    const saved = await storeAttachment(file, whatsapp.companyId)
    const result = await channelHooks.inbound(connectionRef(whatsapp), {
      kind: 'message',
      whatsappId: whatsapp.id,
      providerMessageId: `webchat:${visitor.number}:${crypto.randomUUID()}`,
      timestamp: Date.now(),
      contact: { number: visitor.number, name: visitor.name ?? `Visitante ${visitor.number.slice(-4)}` },
      body: saved.name,
      mediaType: saved.mediaType,
      mediaUrl: saved.key,
    })
    return ctx.response.accepted({ id: result.id, duplicate: result.duplicate })
  }

  async stream(ctx: HttpContext) {
    const whatsapp = await guard(ctx)
    const visitor = await requireVisitor(ctx, whatsapp)
    if (live.count(whatsapp.id, visitor.number) >= STREAMS_PER_VISITOR) {
      throw new AppError('ERR_WEBCHAT_TOO_MANY_STREAMS', 429)
    }
    // a reconnecting EventSource says where it stopped
    let after = Math.max(afterParam(ctx.request.qs().after), afterParam(ctx.request.header('last-event-id')))
    const out = new PassThrough()
    let reading = false
    let again = false
    let closed = false
    // one read at a time; a wake during a read reads once more after it
    const read = async () => {
      if (closed) return
      if (reading) {
        again = true
        return
      }
      reading = true
      try {
        do {
          again = false
          const rows = await tenancy.run(whatsapp.companyId, () =>
            conversationMessages(whatsapp.id, visitor.number, after, 100)
          )
          for (const m of rows) {
            after = Math.max(after, m.id)
            if (!closed) out.write(`id: ${m.id}\nevent: message\ndata: ${JSON.stringify(shown(m))}\n\n`)
          }
          // shown on the page: no e-mail for these
          if (rows.length && !closed) {
            await tenancy.run(whatsapp.companyId, () => markSeen(whatsapp.id, visitor.number, after))
          }
        } while (again && !closed)
      } catch {
        // the next poll tries again
      } finally {
        reading = false
      }
    }
    const stop = live.listen(whatsapp.id, visitor.number, () => void read())
    const poll = setInterval(() => void read(), POLL_MS)
    const beat = setInterval(() => !closed && out.write(': keep-alive\n\n'), HEARTBEAT_MS)
    const end = () => {
      if (closed) return
      closed = true
      stop()
      clearInterval(poll)
      clearInterval(beat)
      clearTimeout(limit)
      out.end()
    }
    // long-lived streams are recycled; the widget reconnects with the last id it has
    const limit = setTimeout(end, STREAM_MAX_MS)
    // the visitor went away (tab closed, network lost): the response's socket closes
    ctx.response.response.on('close', end)
    out.on('close', end)
    ctx.response.header('content-type', 'text/event-stream; charset=utf-8')
    ctx.response.header('cache-control', 'no-cache, no-transform')
    ctx.response.header('x-accel-buffering', 'no')
    out.write(`retry: 3000\n\n`)
    void read()
    ctx.response.stream(out)
  }

  async demo(ctx: HttpContext) {
    const whatsapp = await knownConnection(ctx)
    if (process.env.NODE_ENV === 'production') throw new AppError('ERR_WEBCHAT_DEMO_DISABLED', 404)
    ctx.response.header('content-type', 'text/html; charset=utf-8')
    return ctx.response.send(demoPage(String(ctx.params.key), whatsapp.name))
  }
}
