/**
 * Maps one Telegram update to the core's inbound event: message and
 * edited_message (text, photo, document, voice, audio, video, sticker,
 * location, contact; anything else becomes a short note). Media come back
 * with the file to download first. Provider ids are `${chatId}:${messageId}`:
 * Telegram numbers messages per chat, so the chat makes them unique.
 */
import { normaliseNumber, type InboundEvent, type MediaType } from '#core/channels'

export interface MappedUpdate {
  event: InboundEvent
  /** Telegram file to download before the event goes in */
  file?: { fileId: string; fileName?: string; mimeType?: string; size?: number }
  /** the person who wrote (for the profile photo) */
  userId?: number
}

const str = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '')

export const providerId = (chatId: number | string, messageId: number | string) => `${chatId}:${messageId}`

/** The message id part of one of our provider ids (replies, edits, deletes). */
export function messageIdOf(provider: string | null | undefined): number | null {
  const n = Number(
    String(provider ?? '')
      .split(':')
      .pop()
  )
  return Number.isInteger(n) && n > 0 ? n : null
}

export function personName(u: any): string {
  const full = [str(u?.first_name, 64), str(u?.last_name, 64)].filter(Boolean).join(' ').trim()
  return (full || (u?.username ? `@${str(u.username, 64)}` : '')).slice(0, 100)
}

/** The location body the inbox renders (the same shape as the other channels'). */
function locationBody(loc: any, title?: string) {
  const lat = Number(loc?.latitude ?? 0)
  const lng = Number(loc?.longitude ?? 0)
  return `data:image/png;base64,  | https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${title || `${lat}, ${lng}`}`
}

function contactBody(c: any) {
  if (typeof c?.vcard === 'string' && c.vcard.startsWith('BEGIN:VCARD')) return c.vcard.slice(0, 4096)
  const name = [str(c?.first_name, 100), str(c?.last_name, 100)].filter(Boolean).join(' ') || 'Contato'
  const digits = normaliseNumber(str(c?.phone_number, 40))
  return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, 'END:VCARD'].join('\n')
}

function mediaOf(m: any): { type: MediaType; file: MappedUpdate['file'] } | null {
  if (Array.isArray(m.photo) && m.photo.length) {
    // sizes come smallest first; the largest is the photo itself
    const p = m.photo[m.photo.length - 1]
    return { type: 'image', file: { fileId: str(p?.file_id, 255), mimeType: 'image/jpeg', size: p?.file_size } }
  }
  const pick = (key: string, type: MediaType, mime?: string) => {
    const f = m[key]
    if (!f?.file_id) return null
    return {
      type,
      file: {
        fileId: str(f.file_id, 255),
        fileName: str(f.file_name, 200) || undefined,
        mimeType: str(f.mime_type, 100) || mime,
        size: f.file_size,
      },
    }
  }
  return (
    pick('document', 'document') ??
    pick('voice', 'audio', 'audio/ogg') ??
    pick('audio', 'audio', 'audio/mpeg') ??
    pick('video', 'video', 'video/mp4') ??
    pick('video_note', 'video', 'video/mp4') ??
    pick('animation', 'video', 'video/mp4') ??
    pick('sticker', 'image', 'image/webp')
  )
}

export function mapUpdate(whatsappId: number, update: any): MappedUpdate | null {
  const edited = Boolean(update?.edited_message)
  const m = update?.message ?? update?.edited_message
  if (!m || typeof m !== 'object') return null
  const chat = m.chat ?? {}
  const chatId = Number(chat.id)
  const messageId = Number(m.message_id)
  if (!Number.isSafeInteger(chatId) || chatId === 0 || !Number.isSafeInteger(messageId) || messageId <= 0) return null
  const isGroup = chat.type === 'group' || chat.type === 'supergroup'
  // a private chat is the person; channels (broadcast) are not conversations
  if (!isGroup && chat.type !== 'private') return null
  const from = m.from ?? {}
  const id = providerId(chatId, messageId)
  const contact = isGroup
    ? { number: String(chatId), name: str(chat.title, 100) || undefined, isGroup: true }
    : { number: String(chatId), name: personName(from) || personName(chat) || undefined }
  const participant =
    isGroup && Number.isSafeInteger(Number(from.id)) ? { number: String(from.id), name: personName(from) } : undefined
  const body = str(m.text, 65536) || str(m.caption, 4096)

  if (edited) {
    return {
      event: {
        kind: 'edit',
        whatsappId,
        providerMessageId: id,
        eventId: `edit:${id}:${Number(m.edit_date) || update.update_id}`,
        timestamp: (Number(m.edit_date) || Number(m.date) || Date.now() / 1000) * 1000,
        contact,
        body,
      },
    }
  }

  const base: InboundEvent = {
    kind: 'message',
    whatsappId,
    providerMessageId: id,
    eventId: id,
    fromMe: false,
    timestamp: Number(m.date) > 0 ? Math.trunc(Number(m.date) * 1000) : Date.now(),
    contact,
    ...(participant ? { participant } : {}),
    ...(m.reply_to_message?.message_id ? { quotedProviderId: providerId(chatId, m.reply_to_message.message_id) } : {}),
  }
  const userId = Number.isSafeInteger(Number(from.id)) && !from.is_bot ? Number(from.id) : undefined
  if (typeof m.text === 'string') return { event: { ...base, body }, userId }
  const media = mediaOf(m)
  if (media?.file?.fileId) {
    return {
      event: { ...base, mediaType: media.type, body: body || media.file.fileName || '' },
      file: media.file,
      userId,
    }
  }
  if (m.location) {
    const title = m.venue ? [str(m.venue.title, 200), str(m.venue.address, 200)].filter(Boolean).join(', ') : ''
    return { event: { ...base, mediaType: 'locationMessage', body: locationBody(m.location, title) }, userId }
  }
  if (m.contact) return { event: { ...base, mediaType: 'contactMessage', body: contactBody(m.contact) }, userId }
  // service messages of groups (joins, pins, title changes) are not conversation
  if (isGroup) return null
  // kinds we do not map: a note so the agent knows something came
  const kind = Object.keys(m).find((k) => !['message_id', 'from', 'chat', 'date', 'sender_chat'].includes(k))
  return { event: { ...base, body: `[${kind ?? 'unsupported'}]` }, userId }
}
