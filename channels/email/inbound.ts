/**
 * One raw e-mail from the mailbox into the durable pipeline. The dedupe key
 * is the Message-ID (the pipeline ignores a message it has: a restart that
 * reads a mail again doubles nothing). Threads: In-Reply-To and References
 * are looked up in the thread map, so a reply joins the conversation (and
 * ticket) of its thread whoever writes it; a new thread's conversation is its
 * sender's address. Each thread is its own ticket (InboundEvent.thread). The inbox shows text: the text part (or the text of the
 * HTML), with the quoted history cut; the HTML is sanitised (no scripts, no
 * styles, no remote images, links with rel=noopener) and kept in the thread
 * map. Attachments go to private storage as media messages. A delivery
 * report (bounce) naming a message we sent marks that message failed.
 */
import { createHash } from 'node:crypto'
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser'
import sanitizeHtml from 'sanitize-html'
import type { ConnectionRef, InboundEvent, MediaType } from '#core/channels'
import { channelHooks } from '#core/pipeline'
import { safeFileName, storage } from '#core/storage'
import { maxAttachmentBytes } from './config.js'
import { numberOf, recordMessage, rememberAddress, threadOf } from './state.js'

const BODY_MAX = 60_000

/** Sanitised HTML of a mail: safe to render in a sandbox-less page, with nothing fetched from outside. */
export function sanitizeMailHtml(html: string) {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'font', 'center']),
    allowedAttributes: {
      'a': ['href', 'title', 'rel', 'target'],
      'img': ['src', 'alt', 'width', 'height'],
      'td': ['colspan', 'rowspan', 'align'],
      'th': ['colspan', 'rowspan', 'align'],
      '*': ['dir', 'lang'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // an image is shown only from the mail itself: a remote one would tell the sender the mail was read
    allowedSchemesByTag: { img: ['cid', 'data'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
      }),
      img: (tagName, attribs) => {
        const src = String(attribs.src ?? '')
        if (/^(cid|data):/i.test(src)) return { tagName, attribs }
        return { tagName: 'span', attribs: {}, text: attribs.alt ? `[${attribs.alt}]` : '' }
      },
    },
  })
}

const ENTITIES: Record<string, string> = {
  'amp': '&',
  'lt': '<',
  'gt': '>',
  'quot': '"',
  'apos': "'",
  'nbsp': ' ',
  '#39': "'",
}

/** The text of (already sanitised) HTML: blocks and breaks as new lines, no tags, entities decoded. */
export function htmlText(html: string) {
  const marked = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|tr|table|blockquote|pre|ul|ol)>/gi, '\n')
  const bare = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} })
  return bare
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ''
      }
      return ENTITIES[e.toLowerCase()] ?? all
    })
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The text without the quoted history a reply carries ("On … wrote:" and the "> " lines after it). */
export function stripQuoted(text: string) {
  const lines = text.replace(/\r\n/g, '\n').split('\n')
  const attribution =
    /^(On .+ wrote:|Em .+ escreveu:|El .+ escribió:|-----\s*Original Message\s*-----|-----\s*Mensagem original\s*-----)\s*$/i
  let cut = lines.length
  for (const [i, line] of lines.entries()) {
    if (attribution.test(line.trim())) {
      cut = i
      break
    }
  }
  // trailing "> " lines without an attribution
  while (cut > 0 && (/^>/.test(lines[cut - 1]) || (lines[cut - 1].trim() === '' && cut < lines.length))) cut--
  const kept = lines.slice(0, cut).join('\n').trim()
  return kept || text.trim()
}

const idsOf = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v : v ? v.split(/\s+/) : []).map((x) => x.trim()).filter((x) => /^<[^<>\s]{1,250}>$/.test(x))

function mediaTypeOf(contentType: string): MediaType {
  if (contentType.startsWith('image/')) return 'image'
  if (contentType.startsWith('audio/')) return 'audio'
  if (contentType.startsWith('video/')) return 'video'
  return 'document'
}

const RISKY = ['html', 'htm', 'svg', 'xml', 'xhtml', 'js', 'mjs', 'shtml']

function extensionOf(name: string, contentType: string) {
  const ext = name.match(/\.([a-zA-Z0-9]{1,8})$/)?.[1]?.toLowerCase()
  if (ext && !RISKY.includes(ext)) return ext
  const byType: Record<string, string> = {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'application/pdf': 'pdf',
    'text/plain': 'txt',
  }
  return byType[contentType] ?? 'bin'
}

/** The Message-ID a delivery report is about, and whether it reports a failure; null when the mail is no bounce. */
export function bounceOf(mail: ParsedMail): { original: string; failed: boolean } | null {
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined
  const report = type?.value === 'multipart/report' && /delivery-status/i.test(type?.params?.['report-type'] ?? '')
  const status = mail.attachments.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType))
  if (!report && !status) return null
  let original: string | null = null
  for (const a of mail.attachments) {
    if (!/^(message\/rfc822|text\/rfc822-headers|message\/global(-headers)?)$/i.test(a.contentType)) continue
    const m = /^Message-ID:\s*(<[^<>\s]+>)/im.exec(a.content.toString('utf8').slice(0, 200_000))
    if (m) {
      original = m[1]
      break
    }
  }
  original ??= idsOf(mail.inReplyTo)[0] ?? null
  if (!original) return null
  const statusText = status?.content.toString('utf8') ?? mail.text ?? ''
  const actions = [...statusText.matchAll(/^Action:\s*(\S+)/gim)].map((m) => m[1].toLowerCase())
  return { original, failed: actions.length === 0 || actions.includes('failed') }
}

async function storeAttachment(connection: ConnectionRef, messageId: string, index: number, a: Attachment) {
  const name = safeFileName(a.filename, `attachment-${index + 1}`)
  const month = new Date().toISOString().slice(0, 7)
  const hashed = createHash('sha256').update(`${connection.id}:${messageId}:${index}`).digest('hex').slice(0, 32)
  const key = `c${connection.companyId}/email/${connection.id}/${month}/${hashed}.${extensionOf(name, a.contentType)}`
  await storage.disk().put(key, a.content)
  return { key, name }
}

export interface Outcome {
  kind: 'message' | 'bounce' | 'ignored'
  messageId: string
}

/** Parses one raw mail and hands it in; idempotent (safe to call again for the same mail). */
export async function receiveMail(connection: ConnectionRef, raw: Buffer, ownAddress: string): Promise<Outcome> {
  // the text of an HTML-only mail comes from the sanitised HTML (mailparser's own would keep image and tracker addresses)
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipHtmlToText: true })
  const messageId =
    idsOf(mail.messageId)[0] ?? `<${createHash('sha256').update(raw).digest('hex').slice(0, 40)}@no-message-id.invalid>`
  const companyId = connection.companyId

  const bounce = bounceOf(mail)
  if (bounce) {
    const sent = await threadOf(companyId, connection.id, [bounce.original])
    if (!sent || sent.direction !== 'out' || !bounce.failed) return { kind: 'ignored', messageId }
    await channelHooks.inbound(connection, {
      kind: 'ack',
      whatsappId: connection.id,
      providerMessageId: sent.message_id,
      eventId: `bounce:${messageId}`,
      contact: { number: sent.number },
      ack: 0,
      error: 'ERR_EMAIL_BOUNCED',
    })
    return { kind: 'bounce', messageId }
  }

  const from = mail.from?.value?.[0]
  const address = (from?.address ?? '').trim().toLowerCase()
  if (!address || !/^[^@\s]+@[^@\s]+$/.test(address)) return { kind: 'ignored', messageId }
  // our own mail (a copy to ourselves, a message we sent coming back): not a customer's
  if (address === ownAddress.toLowerCase()) return { kind: 'ignored', messageId }

  const refs = [...idsOf(mail.inReplyTo), ...idsOf(mail.references).reverse()]
  const thread = await threadOf(companyId, connection.id, refs)
  const senderNumber = await rememberAddress(companyId, address)
  const number = thread?.number ?? senderNumber
  const subject = (mail.subject ?? '').trim()
  const html = typeof mail.html === 'string' && mail.html ? sanitizeMailHtml(mail.html) : null
  const plain = (mail.text ?? '').trim() || (html ? htmlText(html) : '')
  const text = stripQuoted(plain)
  const senderName = (from?.name ?? '').trim().slice(0, 100)
  // someone else in the thread (a colleague in copy): the chat says who wrote
  const byline = number !== senderNumber ? `*${senderName ? `${senderName} <${address}>` : address}:*\n` : ''
  const heading = !thread && subject ? `*${subject}*\n\n` : ''
  const body = `${byline}${heading}${text}`.trim().slice(0, BODY_MAX)

  const threadId = thread?.thread_id ?? messageId
  await recordMessage(companyId, connection.id, {
    message_id: messageId,
    thread_id: threadId,
    number,
    direction: 'in',
    subject,
    // the chain a reply to this mail carries: its References (or, without them, what it answers) and itself
    references: [
      ...new Set([...(idsOf(mail.references).length ? idsOf(mail.references) : idsOf(mail.inReplyTo)), messageId]),
    ].join(' '),
    html,
  })

  const contact = {
    number,
    name: number === senderNumber ? senderName || address : undefined,
    email: number === senderNumber ? address : undefined,
  }
  const timestamp =
    mail.date && !Number.isNaN(mail.date.getTime()) ? Math.min(mail.date.getTime(), Date.now()) : undefined
  // images the HTML shows inline (signature logos) are part of the HTML, not files of the conversation
  const files = mail.attachments.filter((a) => !a.related)
  if (body || !files.length) {
    await channelHooks.inbound(connection, {
      kind: 'message',
      whatsappId: connection.id,
      providerMessageId: messageId,
      timestamp,
      contact,
      thread: threadId,
      body: body || subject,
    } satisfies InboundEvent)
  }
  let index = 0
  for (const a of files) {
    const at = index++
    const event: InboundEvent = {
      kind: 'message',
      whatsappId: connection.id,
      providerMessageId: `${messageId.slice(0, 240)}#${at + 1}`,
      timestamp,
      contact,
      thread: threadId,
      mediaType: mediaTypeOf(a.contentType),
      body: safeFileName(a.filename, `attachment-${at + 1}`),
    }
    if (a.size > maxAttachmentBytes()) event.mediaError = 'ERR_PAYLOAD_TOO_LARGE'
    else {
      const stored = await storeAttachment(connection, messageId, at, a)
      event.mediaUrl = stored.key
    }
    await channelHooks.inbound(connection, event)
  }
  return { kind: 'message', messageId }
}

export { numberOf }
