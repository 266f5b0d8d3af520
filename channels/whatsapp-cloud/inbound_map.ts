/**
 * Maps one WhatsApp Cloud API webhook change (`entry[].changes[].value` of
 * field "messages") to the core's inbound events, following Meta's documented
 * payloads: messages (text, image, video, audio, document, sticker, location,
 * contacts, reaction, interactive, button) and statuses (sent, delivered, read,
 * played, failed). Media messages come back with `mediaId`: the media job
 * downloads them before they are handed to the pipeline.
 */
import { normaliseNumber, type InboundEvent, type MediaType } from '#core/channels'

export interface MappedMessage {
  event: InboundEvent
  /** Graph media id to download first */
  mediaId?: string
  mimeType?: string
  fileName?: string
}

export interface MappedStatus {
  event: InboundEvent
  /** Meta's error of a failed message: "code: title" */
  error?: string
}

const MEDIA: Record<string, MediaType> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
}

const ACK: Record<string, number> = { sent: 1, delivered: 2, read: 3, played: 4 }

const ms = (ts: unknown) => {
  const n = Number(ts)
  return Number.isFinite(n) && n > 0 ? Math.trunc(n * 1000) : Date.now()
}

const str = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '')

/** The location body the inbox renders (same shape as the WhatsApp channel's). */
export function locationBody(loc: { latitude?: number; longitude?: number; name?: string; address?: string }) {
  const lat = Number(loc.latitude ?? 0)
  const lng = Number(loc.longitude ?? 0)
  return `data:image/png;base64,  | https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${[loc.name, loc.address].filter(Boolean).join(', ') || `${lat}, ${lng}`}`
}

/** A vCard per shared contact, the way the inbox stores contact messages. */
export function contactsBody(contacts: any[]) {
  return contacts
    .slice(0, 20)
    .map((c) => {
      const name = str(c?.name?.formatted_name, 200) || str(c?.name?.first_name, 200) || 'Contato'
      const phones = (Array.isArray(c?.phones) ? c.phones : []).slice(0, 10).map((p: any) => {
        const digits = normaliseNumber(str(p?.wa_id || p?.phone, 40))
        return `TEL;type=CELL;waid=${digits}:+${digits}`
      })
      return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...phones, 'END:VCARD'].join('\n')
    })
    .join('\n')
}

function interactiveText(i: any): string {
  if (i?.type === 'button_reply') return str(i.button_reply?.title)
  if (i?.type === 'list_reply')
    return [str(i.list_reply?.title), str(i.list_reply?.description)].filter(Boolean).join('\n')
  if (i?.type === 'nfm_reply') return str(i.nfm_reply?.body) || str(i.nfm_reply?.response_json)
  return ''
}

export function mapMessages(whatsappId: number, value: any): MappedMessage[] {
  const names = new Map<string, string>()
  for (const c of Array.isArray(value?.contacts) ? value.contacts : []) {
    if (c?.wa_id) names.set(String(c.wa_id), str(c.profile?.name, 100))
  }
  const out: MappedMessage[] = []
  for (const m of Array.isArray(value?.messages) ? value.messages : []) {
    const id = str(m?.id, 255)
    const number = normaliseNumber(str(m?.from, 40))
    if (!id || !number) continue
    const base: InboundEvent = {
      kind: 'message',
      whatsappId,
      providerMessageId: id,
      eventId: id,
      fromMe: false,
      timestamp: ms(m.timestamp),
      contact: { number, name: names.get(String(m.from)) || undefined },
      ...(m.context?.id ? { quotedProviderId: str(m.context.id, 255) } : {}),
    }
    const type = String(m.type ?? '')
    if (type === 'text') out.push({ event: { ...base, body: str(m.text?.body, 65536) } })
    else if (MEDIA[type]) {
      const media = m[type] ?? {}
      if (!media.id) continue
      out.push({
        event: { ...base, mediaType: MEDIA[type], body: str(media.caption, 4096) || str(media.filename, 255) },
        mediaId: str(media.id, 255),
        mimeType: str(media.mime_type, 100),
        fileName: str(media.filename, 200) || undefined,
      })
    } else if (type === 'location') {
      out.push({ event: { ...base, mediaType: 'locationMessage', body: locationBody(m.location ?? {}) } })
    } else if (type === 'contacts') {
      out.push({ event: { ...base, mediaType: 'contactMessage', body: contactsBody(m.contacts ?? []) } })
    } else if (type === 'reaction') {
      const target = str(m.reaction?.message_id, 255)
      if (!target) continue
      // the reaction is a message of its own quoting its target; an empty emoji removes it
      out.push({ event: { ...base, kind: 'reaction', body: str(m.reaction?.emoji, 32), quotedProviderId: target } })
    } else if (type === 'interactive') {
      out.push({ event: { ...base, body: interactiveText(m.interactive) } })
    } else if (type === 'button') {
      out.push({ event: { ...base, body: str(m.button?.text) || str(m.button?.payload) } })
    } else {
      // unsupported, ephemeral, system...: kept as a note so the agent knows something came
      out.push({ event: { ...base, body: `[${type || 'unsupported'}]` } })
    }
  }
  return out
}

export function mapStatuses(whatsappId: number, value: any): MappedStatus[] {
  const out: MappedStatus[] = []
  for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
    const id = str(s?.id, 255)
    const number = normaliseNumber(str(s?.recipient_id, 40))
    const status = String(s?.status ?? '')
    if (!id || !number || !(status in ACK || status === 'failed')) continue
    const e = Array.isArray(s.errors) ? s.errors[0] : null
    const error =
      status === 'failed' ? `${e?.code ?? 'unknown'}: ${str(e?.title || e?.message, 200)}`.trim() : undefined
    out.push({
      event: {
        kind: 'ack',
        whatsappId,
        providerMessageId: id,
        eventId: `ack:${id}:${status}`,
        fromMe: true,
        timestamp: ms(s.timestamp),
        contact: { number },
        ack: ACK[status] ?? 0,
        ...(error ? { error } : {}),
      } as InboundEvent,
      error,
    })
  }
  return out
}
