/**
 * Turns one Baileys message into the channel contract's normalised events
 * (pure: no I/O, so every kind is unit-tested). Media bytes are fetched by the
 * caller; here we only say which message has media and of what type.
 */
import { WAProto, normalizeMessageContent, type WAMessage } from '@whiskeysockets/baileys'
import type { InboundEvent, MediaType } from '#core/channels'
import { isBroadcast, isGroupJid, userOf } from './jids.js'

export interface MappedMessage {
  event: Omit<InboundEvent, 'whatsappId' | 'contact'> & { contact?: InboundEvent['contact'] }
  /** the jid of the conversation (person, LID or group) */
  chatJid: string
  /** in groups, the member's jid */
  participantJid?: string
  /** media to download before the event is handed in */
  media?: { mediaType: MediaType; mimetype?: string | null; fileName?: string | null }
}

const REVOKE = WAProto.Message.ProtocolMessage.Type.REVOKE
const EDIT = WAProto.Message.ProtocolMessage.Type.MESSAGE_EDIT

const seconds = (ts: unknown) => {
  const n = typeof ts === 'number' ? ts : Number((ts as any)?.toNumber?.() ?? ts ?? 0)
  return n > 0 ? n * 1000 : undefined
}

/** Location body as the inbox shows it (reference §11). */
export function locationBody(loc: {
  degreesLatitude?: number | null
  degreesLongitude?: number | null
  jpegThumbnail?: Uint8Array | null
}) {
  const lat = loc.degreesLatitude ?? 0
  const lng = loc.degreesLongitude ?? 0
  const thumb = loc.jpegThumbnail ? Buffer.from(loc.jpegThumbnail).toString('base64') : ''
  return `data:image/png;base64, ${thumb} | https://maps.google.com/maps?q=${lat}%2C${lng}&z=17&hl=pt-BR|${lat}, ${lng}`
}

function textOf(content: WAProto.IMessage): string | undefined {
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    undefined
  )
}

function quotedOf(content: WAProto.IMessage): string | undefined {
  for (const v of Object.values(content)) {
    const id = (v as any)?.contextInfo?.stanzaId
    if (typeof id === 'string' && id) return id
  }
  return undefined
}

/** Returns null for messages that carry nothing for the inbox (key distribution, status, ...). */
export function mapMessage(msg: WAMessage): MappedMessage | null {
  const key = msg.key
  const chatJid = key?.remoteJid ?? ''
  if (!key?.id || !chatJid || isBroadcast(chatJid)) return null
  const content = normalizeMessageContent(msg.message)
  const base = {
    providerMessageId: key.id,
    fromMe: Boolean(key.fromMe),
    timestamp: seconds(msg.messageTimestamp),
  }
  const participantJid = isGroupJid(chatJid) ? (key.participant ?? msg.participant ?? undefined) : undefined
  const out = (event: MappedMessage['event'], media?: MappedMessage['media']): MappedMessage => ({
    event,
    chatJid,
    participantJid: participantJid ?? undefined,
    media,
  })

  // a revoke that Baileys already turned into a stub
  if (!content) {
    if (msg.messageStubType === WAProto.WebMessageInfo.StubType.REVOKE) {
      return out({ ...base, kind: 'delete', eventId: `del:${key.id}` })
    }
    return null
  }

  const proto = content.protocolMessage
  if (proto) {
    const target = proto.key?.id
    if (!target) return null
    if (proto.type === REVOKE)
      return out({ ...base, kind: 'delete', providerMessageId: target, eventId: `del:${target}` })
    if (proto.type === EDIT) {
      const edited = normalizeMessageContent(proto.editedMessage)
      const body = (edited && (textOf(edited) ?? captionOf(edited))) ?? ''
      return out({ ...base, kind: 'edit', providerMessageId: target, body, eventId: `edit:${target}:${key.id}` })
    }
    return null
  }

  if (content.reactionMessage) {
    const target = content.reactionMessage.key?.id
    if (!target) return null
    // the reaction is a message of its own that quotes its target (how the inbox stores it)
    return out({ ...base, kind: 'reaction', body: content.reactionMessage.text ?? '', quotedProviderId: target })
  }

  const quotedProviderId = quotedOf(content)
  const withQuote = { ...base, kind: 'message' as const, ...(quotedProviderId ? { quotedProviderId } : {}) }

  const text = textOf(content)
  if (text !== undefined) return out({ ...withQuote, body: text })

  if (content.imageMessage)
    return out(
      { ...withQuote, body: content.imageMessage.caption ?? '' },
      { mediaType: 'image', mimetype: content.imageMessage.mimetype }
    )
  if (content.videoMessage)
    return out(
      { ...withQuote, body: content.videoMessage.caption ?? '' },
      { mediaType: 'video', mimetype: content.videoMessage.mimetype }
    )
  if (content.audioMessage)
    return out({ ...withQuote, body: '' }, { mediaType: 'audio', mimetype: content.audioMessage.mimetype })
  if (content.stickerMessage)
    return out(
      { ...withQuote, body: '' },
      { mediaType: 'image', mimetype: content.stickerMessage.mimetype ?? 'image/webp' }
    )
  const doc = content.documentMessage ?? content.documentWithCaptionMessage?.message?.documentMessage
  if (doc)
    return out(
      { ...withQuote, body: doc.caption ?? doc.fileName ?? '' },
      { mediaType: 'document', mimetype: doc.mimetype, fileName: doc.fileName }
    )
  const loc = content.locationMessage ?? content.liveLocationMessage
  if (loc) return out({ ...withQuote, body: locationBody(loc), mediaType: 'locationMessage' })
  if (content.contactMessage)
    return out({ ...withQuote, body: content.contactMessage.vcard ?? '', mediaType: 'contactMessage' })
  if (content.contactsArrayMessage) {
    const cards = (content.contactsArrayMessage.contacts ?? []).map((c) => c.vcard ?? '').filter(Boolean)
    return out({ ...withQuote, body: cards.join('\n'), mediaType: 'contactMessage' })
  }
  return null
}

function captionOf(content: WAProto.IMessage) {
  return content.imageMessage?.caption ?? content.videoMessage?.caption ?? content.documentMessage?.caption ?? undefined
}

export const senderNumber = (jid: string) => userOf(jid)
