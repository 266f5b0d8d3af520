/**
 * What an uploaded file really is, from its first bytes (never from its name
 * or the client's mediaType): the file's extension must agree with the
 * content, so a renamed executable is refused. Pure (unit-tested).
 */
import { open } from 'node:fs/promises'

export type MediaKind = 'image' | 'video' | 'audio' | 'document'

export interface Sniffed {
  kind: MediaKind
  mime: string
  /** extensions this content may carry */
  exts: string[]
}

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1')

/** zip containers are office documents only under their own extensions */
const ZIP_DOCS: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
}

const TEXT_EXTS: Record<string, string> = { txt: 'text/plain', csv: 'text/csv' }

export function sniff(head: Buffer, ext: string): Sniffed | null {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47)
    return { kind: 'image', mime: 'image/png', exts: ['png'] }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', mime: 'image/jpeg', exts: ['jpg', 'jpeg'] }
  if (ascii(head, 0, 4) === 'GIF8') return { kind: 'image', mime: 'image/gif', exts: ['gif'] }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', mime: 'image/webp', exts: ['webp'] }
  if (ascii(head, 0, 5) === '%PDF-') return { kind: 'document', mime: 'application/pdf', exts: ['pdf'] }
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12)
    if (brand.startsWith('M4A')) return { kind: 'audio', mime: 'audio/mp4', exts: ['m4a'] }
    if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime', exts: ['mov'] }
    return { kind: 'video', mime: 'video/mp4', exts: ['mp4', 'm4v'] }
  }
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', mime: 'audio/ogg', exts: ['ogg', 'oga', 'opus'] }
  if (ascii(head, 0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0))
    return { kind: 'audio', mime: 'audio/mpeg', exts: ['mp3'] }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x504b0304 && ZIP_DOCS[ext])
    return { kind: 'document', mime: ZIP_DOCS[ext], exts: [ext] }
  if (TEXT_EXTS[ext] && isText(head)) return { kind: 'document', mime: TEXT_EXTS[ext], exts: [ext] }
  return null
}

/** UTF-8 text without NUL or other binary control bytes (a truncated last character is allowed). */
function isText(b: Buffer) {
  for (const byte of b) if (byte === 0 || byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return false
  const s = b.toString('utf8')
  const bad = (s.match(/\ufffd/g) ?? []).length
  return bad <= 1
}

/** The first bytes of a file on disk. */
export async function readHead(path: string, bytes = 512) {
  const fh = await open(path, 'r')
  try {
    const buf = Buffer.alloc(bytes)
    const { bytesRead } = await fh.read(buf, 0, bytes, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}
