/**
 * A visitor's file: at most MAX_BYTES, an image (png, jpeg, gif, webp) or a
 * PDF, judged by its first bytes and required to match its extension (the
 * browser's content type is never trusted; an SVG or HTML is never accepted).
 * Stored privately under the connection's company; the inbox shows it by
 * signed URL.
 */
import { open } from 'node:fs/promises'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { AppError } from '#core/errors'
import { storage } from '#core/storage'

export const MAX_BYTES = 10 * 1024 * 1024

const has = (b: Buffer, at: number, sig: number[]) => sig.every((v, i) => b[at + i] === v)
const ascii = (b: Buffer, at: number, text: string) => b.subarray(at, at + text.length).toString('latin1') === text

function sniff(b: Buffer): { mediaType: 'image' | 'document'; exts: string[] } | null {
  if (has(b, 0, [0x89, 0x50, 0x4e, 0x47])) return { mediaType: 'image', exts: ['png'] }
  if (has(b, 0, [0xff, 0xd8, 0xff])) return { mediaType: 'image', exts: ['jpg', 'jpeg'] }
  if (ascii(b, 0, 'GIF8')) return { mediaType: 'image', exts: ['gif'] }
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { mediaType: 'image', exts: ['webp'] }
  if (ascii(b, 0, '%PDF-')) return { mediaType: 'document', exts: ['pdf'] }
  return null
}

async function head(path: string) {
  const fh = await open(path, 'r')
  try {
    const buf = Buffer.alloc(16)
    const { bytesRead } = await fh.read(buf, 0, 16, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

export async function storeAttachment(file: MultipartFile | null, companyId: number) {
  if (!file)
    throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'file', rule: 'required', message: 'required' }] })
  if (file.errors.some((e) => e.type === 'size')) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
  if (!file.tmpPath || !file.size) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
  // both the name the visitor gave and the type the body parser read must be what the bytes are
  const ext = (file.extname ?? '').toLowerCase()
  const named = (/\.([A-Za-z0-9]{1,8})$/.exec(file.clientName ?? '')?.[1] ?? '').toLowerCase()
  const kind = sniff(await head(file.tmpPath))
  if (!kind || !kind.exts.includes(ext) || !kind.exts.includes(named)) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
  const saved = await storage.save(file, companyId, 'webchat', kind.exts)
  return { ...saved, mediaType: kind.mediaType }
}
