/**
 * Maps Messenger ("page") and Instagram ("instagram") messaging webhooks to the
 * core's inbound events, after Meta's documented shapes: messages (text,
 * attachments, quick replies, replies, Instagram story replies and mentions),
 * echoes of what the page sent from elsewhere (Meta's inbox, another app),
 * reactions, postbacks, deliveries (mids) and reads (a watermark, or a mid on
 * Instagram). The person is the page-scoped id (PSID / IGSID).
 */
import { normaliseNumber, type InboundEvent, type MediaType } from '#core/channels'

export interface MessengerAction {
  /** a message, reaction or delivery ack to hand to the pipeline */
  event?: InboundEvent
  /** the person wrote: the window moves */
  touch?: boolean
  /** a read: everything sent to the person until then is read */
  read?: { contact: string; watermark?: number; mid?: string }
}

const ATTACHMENT: Record<string, MediaType> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
  story_mention: 'image',
}

const str = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '')
const ms = (v: unknown) => {
  const n = Number(v)
  if (!Number.isFinite(n) || n <= 0) return Date.now()
  return Math.trunc(n < 1e12 ? n * 1000 : n)
}

function locationBody(c: { lat?: number; long?: number }) {
  return `data:image/png;base64,  | https://maps.google.com/maps?q=${Number(c.lat ?? 0)}%2C${Number(c.long ?? 0)}&z=17&hl=pt-BR|${Number(c.lat ?? 0)}, ${Number(c.long ?? 0)}`
}

export function mapMessaging(whatsappId: number, accountId: string, item: any, ownAppId: string): MessengerAction[] {
  const senderId = normaliseNumber(str(item?.sender?.id, 64))
  const recipientId = normaliseNumber(str(item?.recipient?.id, 64))
  const timestamp = ms(item?.timestamp)
  const out: MessengerAction[] = []
  const m = item?.message
  if (m && typeof m === 'object') {
    const mid = str(m.mid, 255)
    if (!mid) return out
    const echo = Boolean(m.is_echo)
    // our own sends come back as echoes: already stored by the outbox
    if (echo && ownAppId && String(m.app_id ?? '') === ownAppId) return out
    const person = echo ? recipientId : senderId
    if (!person || person === normaliseNumber(accountId)) return out
    if (m.is_deleted) {
      out.push({
        event: {
          kind: 'delete',
          whatsappId,
          providerMessageId: mid,
          eventId: `delete:${mid}`,
          timestamp,
          contact: { number: person },
        },
      })
      return out
    }
    const base: InboundEvent = {
      kind: 'message',
      whatsappId,
      providerMessageId: mid,
      eventId: mid,
      fromMe: echo,
      timestamp,
      contact: { number: person },
      ...(m.reply_to?.mid ? { quotedProviderId: str(m.reply_to.mid, 255) } : {}),
    }
    let text = str(m.text, 65536) || str(m.quick_reply?.payload, 1000)
    if (m.reply_to?.story?.url) text = `${text}\n[story] ${str(m.reply_to.story.url, 1000)}`.trim()
    const attachments: any[] = Array.isArray(m.attachments) ? m.attachments.slice(0, 10) : []
    if (!attachments.length) {
      out.push({ event: { ...base, body: text }, touch: !echo })
      return out
    }
    attachments.forEach((a, i) => {
      const id = i === 0 ? mid : `${mid}#${i}`
      const type = String(a?.type ?? '')
      const url = str(a?.payload?.url, 2000)
      const event: InboundEvent = { ...base, providerMessageId: id, eventId: id, body: i === 0 ? text : '' }
      if (type === 'location' && a?.payload?.coordinates) {
        event.mediaType = 'locationMessage'
        event.body = locationBody(a.payload.coordinates)
      } else if (ATTACHMENT[type] && /^https:\/\//.test(url)) {
        event.mediaType = ATTACHMENT[type]
        event.mediaUrl = url
        if (type === 'story_mention') event.body = '[story mention]'
      } else {
        // shares, reels, fallback links: kept as text with their address
        event.body =
          [event.body, str(a?.payload?.title, 500), url].filter(Boolean).join('\n') || `[${type || 'attachment'}]`
      }
      out.push({ event, touch: !echo })
    })
    return out
  }
  if (item?.reaction?.mid && senderId) {
    const target = str(item.reaction.mid, 255)
    const emoji = item.reaction.action === 'unreact' ? '' : str(item.reaction.emoji, 32)
    out.push({
      event: {
        kind: 'reaction',
        whatsappId,
        providerMessageId: `react:${target}:${senderId}:${timestamp}`,
        eventId: `react:${target}:${senderId}:${timestamp}`,
        timestamp,
        contact: { number: senderId },
        body: emoji,
        quotedProviderId: target,
      },
      touch: true,
    })
    return out
  }
  if (item?.postback && senderId) {
    const mid = str(item.postback.mid, 255) || `postback:${senderId}:${timestamp}`
    out.push({
      event: {
        kind: 'message',
        whatsappId,
        providerMessageId: mid,
        eventId: mid,
        timestamp,
        contact: { number: senderId },
        body: str(item.postback.title) || str(item.postback.payload),
      },
      touch: true,
    })
    return out
  }
  if (item?.delivery && senderId) {
    for (const mid of (Array.isArray(item.delivery.mids) ? item.delivery.mids : []).slice(0, 100)) {
      const id = str(mid, 255)
      if (!id) continue
      out.push({
        event: {
          kind: 'ack',
          whatsappId,
          providerMessageId: id,
          eventId: `ack:${id}:delivered`,
          fromMe: true,
          timestamp,
          contact: { number: senderId },
          ack: 2,
        },
      })
    }
    return out
  }
  if (item?.read && senderId) {
    out.push({
      read: {
        contact: senderId,
        watermark: item.read.watermark ? ms(item.read.watermark) : undefined,
        mid: str(item.read.mid, 255) || undefined,
      },
    })
  }
  return out
}
