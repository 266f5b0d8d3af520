/**
 * One outbox message → what Baileys' sendMessage takes. Our stable message id
 * is turned into the WhatsApp message id, so a send retried after a crash
 * (sent, but not yet recorded) reaches the phone with the same id and is
 * shown once.
 */
import { createHash } from 'node:crypto'
import type { AnyMessageContent, MiscMessageGenerationOptions } from '@whiskeysockets/baileys'
import type { OutgoingMessage } from '#core/channels'
import { readStoredMedia } from '../inbound/media_store.js'
import { toJid } from '../inbound/jids.js'
import { toVoiceNote } from './voice_note.js'

export function whatsappIdFor(ourId: string) {
  return '3EB0' + createHash('sha256').update(ourId).digest('hex').slice(0, 18).toUpperCase()
}

export function isVCard(body: string | null | undefined) {
  return /^BEGIN:VCARD/i.test(String(body ?? '').trim())
}

/** A VERSION 3.0 card as reference §11 builds it. */
export function buildVCard(name: string, number: string) {
  const digits = number.replace(/\D/g, '')
  return `BEGIN:VCARD\nVERSION:3.0\nN:${name}\nFN:${name}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`
}

export interface Built {
  jid: string
  content: AnyMessageContent
  options: MiscMessageGenerationOptions
}

export async function buildContent(m: OutgoingMessage, read = readStoredMedia, voice = toVoiceNote): Promise<Built> {
  const jid = toJid(m.to.number, m.to.isGroup)
  const options: MiscMessageGenerationOptions = { messageId: whatsappIdFor(m.id) }
  if (m.quotedProviderId) {
    // Baileys only needs the key (and some content) to render the reply
    ;(options as any).quoted = {
      key: { remoteJid: jid, id: m.quotedProviderId, fromMe: false },
      message: { conversation: '' },
    }
  }
  const target = m.targetProviderId ? { remoteJid: jid, id: m.targetProviderId, fromMe: true } : null
  switch (m.kind) {
    case 'reaction':
      if (!target) throw new Error('reaction without target')
      return {
        jid,
        options,
        content: { react: { text: m.body ?? '', key: { ...target, fromMe: Boolean(m.targetFromMe) } } },
      }
    case 'delete':
      if (!target) throw new Error('delete without target')
      return { jid, options: {}, content: { delete: target } }
    case 'edit':
      if (!target) throw new Error('edit without target')
      return { jid, options: {}, content: { text: m.body, edit: target } as AnyMessageContent }
    case 'media': {
      if (!m.mediaUrl) throw new Error('media without url')
      const bytes = await read(m.mediaUrl)
      const caption = m.body && m.body !== m.mediaName ? m.body : undefined
      const type = String(m.mediaType ?? '')
      if (type === 'image') return { jid, options, content: { image: bytes, caption } }
      if (type === 'video') return { jid, options, content: { video: bytes, caption } }
      if (type === 'audio') {
        return { jid, options, content: { audio: await voice(bytes), mimetype: 'audio/ogg; codecs=opus', ptt: true } }
      }
      return {
        jid,
        options,
        content: { document: bytes, fileName: m.mediaName ?? 'file', mimetype: 'application/octet-stream', caption },
      }
    }
    default:
      if (isVCard(m.body)) {
        const name = /FN:(.*)/.exec(m.body)?.[1]?.trim() || 'Contato'
        return { jid, options, content: { contacts: { displayName: name, contacts: [{ vcard: m.body }] } } }
      }
      return { jid, options, content: { text: m.body } }
  }
}
