/**
 * The files of a multipart call (`medias`): at most MAX_FILES of MAX_FILE_MB
 * each, and each one's content must be what its extension says (magic bytes
 * are read; the client's content-type is never trusted). Returns what the
 * inbox stores: the message's media type and the checked extension.
 */
import { createHash } from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import { open, readFile } from 'node:fs/promises'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { AppError } from '#core/errors'

export const MAX_FILES = 5
export const MAX_FILE_MB = 16

export interface CheckedMedia {
  file: MultipartFile
  ext: string
  mediaType: 'image' | 'audio' | 'video' | 'document'
  name: string
  sha256: string
}

type Kind = { family: string; mediaType: CheckedMedia['mediaType']; exts: string[] }

const has = (b: Buffer, at: number, sig: number[]) => sig.every((v, i) => b[at + i] === v)
const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text

/** What the first bytes are, or null for a kind we do not send. */
export function sniff(b: Buffer): Kind | null {
  if (has(b, 0, [0x89, 0x50, 0x4e, 0x47])) return { family: 'png', mediaType: 'image', exts: ['png'] }
  if (has(b, 0, [0xff, 0xd8, 0xff])) return { family: 'jpeg', mediaType: 'image', exts: ['jpg', 'jpeg'] }
  if (ascii(b, 0, 'GIF8')) return { family: 'gif', mediaType: 'image', exts: ['gif'] }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { family: 'webp', mediaType: 'image', exts: ['webp'] }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { family: 'wav', mediaType: 'audio', exts: ['wav'] }
  if (ascii(b, 4, 'ftyp')) {
    const brand = b.subarray(8, 12).toString('latin1')
    if (brand.startsWith('M4A')) return { family: 'm4a', mediaType: 'audio', exts: ['m4a'] }
    if (brand === 'qt  ') return { family: 'mov', mediaType: 'video', exts: ['mov'] }
    return { family: 'mp4', mediaType: 'video', exts: ['mp4', 'm4v', '3gp'] }
  }
  if (has(b, 0, [0x1a, 0x45, 0xdf, 0xa3])) return { family: 'webm', mediaType: 'video', exts: ['webm', 'mkv'] }
  if (ascii(b, 0, 'OggS')) return { family: 'ogg', mediaType: 'audio', exts: ['ogg', 'oga', 'opus'] }
  if (ascii(b, 0, 'ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0))
    return { family: 'mp3', mediaType: 'audio', exts: ['mp3'] }
  if (ascii(b, 0, '%PDF-')) return { family: 'pdf', mediaType: 'document', exts: ['pdf'] }
  if (has(b, 0, [0x50, 0x4b, 0x03, 0x04])) {
    return { family: 'office', mediaType: 'document', exts: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'zip'] }
  }
  if (has(b, 0, [0xd0, 0xcf, 0x11, 0xe0])) return { family: 'ole', mediaType: 'document', exts: ['doc', 'xls', 'ppt'] }
  // text: no NUL and valid UTF-8 in the sample
  // (the sample may end inside a multi-byte character)
  if (b.length && !b.includes(0) && [0, 1, 2, 3].some((cut) => isUtf8(b.subarray(0, b.length - cut)))) {
    return { family: 'text', mediaType: 'document', exts: ['txt', 'csv'] }
  }
  return null
}

async function head(path: string, n = 4096) {
  const fh = await open(path, 'r')
  try {
    const buf = Buffer.alloc(n)
    const { bytesRead } = await fh.read(buf, 0, n, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

/** Checks every file (count, size, content against extension); 413 / 422 otherwise. */
export async function checkMedias(files: MultipartFile[]): Promise<CheckedMedia[]> {
  if (files.length > MAX_FILES) throw new AppError('ERR_API_MEDIA_TOO_LARGE', 413)
  const out: CheckedMedia[] = []
  for (const file of files) {
    if (file.errors.some((e) => e.type === 'size')) throw new AppError('ERR_API_MEDIA_TOO_LARGE', 413)
    if (!file.tmpPath || !file.size) throw new AppError('ERR_API_MEDIA_TYPE', 422)
    const ext = (file.extname ?? '').toLowerCase()
    const kind = sniff(await head(file.tmpPath))
    if (!kind || !kind.exts.includes(ext)) throw new AppError('ERR_API_MEDIA_TYPE', 422)
    const sha256 = createHash('sha256')
      .update(await readFile(file.tmpPath))
      .digest('hex')
    out.push({ file, ext, mediaType: kind.mediaType, name: file.clientName || `file.${ext}`, sha256 })
  }
  return out
}
