/**
 * Inbound media goes to private storage under the company's prefix
 * (c{companyId}/whatsapp/{connection}/{yyyy-mm}/...), read only through signed
 * URLs; the file name is derived from the message id, never from the sender.
 */
import { createHash } from 'node:crypto'
import { storage } from '#core/storage'

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
}

export function extensionFor(mimetype?: string | null, fileName?: string | null) {
  const fromName = fileName?.match(/\.([a-zA-Z0-9]{1,8})$/)?.[1]?.toLowerCase()
  if (fromName) return fromName
  const base = (mimetype ?? '').split(';')[0].trim().toLowerCase()
  return EXT[base] ?? 'bin'
}

export async function storeInboundMedia(
  companyId: number,
  whatsappId: number,
  providerMessageId: string,
  bytes: Buffer,
  mimetype?: string | null,
  fileName?: string | null
) {
  const month = new Date().toISOString().slice(0, 7)
  const id = createHash('sha256').update(`${whatsappId}:${providerMessageId}`).digest('hex').slice(0, 32)
  const key = `c${companyId}/whatsapp/${whatsappId}/${month}/${id}.${extensionFor(mimetype, fileName)}`
  await storage.disk().put(key, bytes)
  return key
}

/** Reads back media the inbox stored (a signed /media/ URL or a storage key). */
export async function readStoredMedia(urlOrKey: string): Promise<Buffer> {
  if (/^https?:\/\//.test(urlOrKey)) {
    const res = await fetch(urlOrKey, { signal: AbortSignal.timeout(30_000) })
    if (!res.ok) throw new Error(`media fetch answered ${res.status}`)
    return Buffer.from(await res.arrayBuffer())
  }
  const key = decodeURIComponent(urlOrKey.replace(/^\/media\//, '').split('?')[0])
  if (key.includes('..')) throw new Error('bad media key')
  return Buffer.from(await storage.disk().getBytes(key))
}
