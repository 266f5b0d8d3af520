/**
 * Private file storage (AdonisJS Drive, local disk by default). Keys are
 * prefixed by owner, c{companyId}/... or global/...; files are read only
 * through signed, expiring URLs (GET /media/*), never from a public folder.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import env from '#start/env'
import { AppError } from './errors.js'

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg']
export const MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp4', 'webm', 'mov']

/**
 * Signed URLs are bearer links (an <img src> carries no token), so they live
 * about an hour: at least URL_TTL_SECONDS, at most URL_TTL_SECONDS + URL_STEP_SECONDS.
 * Expiry is rounded to URL_STEP_SECONDS so the same file keeps the same URL for
 * a while (browser cache). Screens get fresh URLs whenever they reload their
 * data (the chat re-loads its messages when it comes back into view after the
 * URLs may have expired; the session user comes again with every token refresh).
 */
export const URL_TTL_SECONDS = 3600
const URL_STEP_SECONDS = 600

/** The owner a key belongs to: its company id, or 'global'; null for a malformed key. */
function ownerOf(key: string): string | null {
  const m = /^(global|c(\d+))\//.exec(key)
  return m ? (m[2] ?? 'global') : null
}

/** The signature covers the owning company, the key and the expiry. */
function sign(owner: string, key: string, exp: number) {
  return createHmac('sha256', env.get('APP_KEY').release())
    .update(`media:v2:${owner}:${key}:${exp}`)
    .digest('base64url')
}

/** Bidi embeddings/overrides/isolates, marks, BOM, C0/C1 controls and NUL. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g
const NAME_MAX = 200

/**
 * The display name of an uploaded file as it may be stored and shown: the last
 * path component only (no `../`, no folders), without control characters or
 * bidi overrides (no `gpj.exe` shown as `exe.jpg`), without leading dots, at
 * most NAME_MAX characters with the extension kept. Never empty.
 */
export function safeFileName(raw: unknown, fallback = 'file'): string {
  let name = String(raw ?? '').replace(UNSAFE_NAME_CHARS, '')
  name = name.split(/[\\/]/).pop() ?? ''
  name = name.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => {
    // keep well-formed surrogate pairs (emoji), drop lone halves
    const code = c.charCodeAt(0)
    if (code <= 0xdbff) return /[\udc00-\udfff]/.test(all[i + 1] ?? '') ? c : ''
    return /[\ud800-\udbff]/.test(all[i - 1] ?? '') ? c : ''
  })
  name = name.replace(/^[\s.]+/, '').trim()
  const chars = Array.from(name)
  if (chars.length > NAME_MAX) {
    const dot = name.lastIndexOf('.')
    const ext = dot > 0 ? Array.from(name.slice(dot)) : []
    const keepExt = ext.length > 1 && ext.length <= 16
    name = keepExt ? chars.slice(0, NAME_MAX - ext.length).join('') + ext.join('') : chars.slice(0, NAME_MAX).join('')
  }
  return name || fallback
}

/** Keeps only safe path segments: no traversal, no odd characters. */
function safeSegment(s: string) {
  const clean = s.replace(/[^a-zA-Z0-9_-]/g, '')
  if (!clean) throw new AppError('ERR_VALIDATION', 422)
  return clean
}

export const storage = {
  /**
   * Validates and stores an uploaded file. `owner` is a company id or 'global'.
   * Returns the storage key and the original name.
   */
  async save(
    file: MultipartFile | null | undefined,
    owner: number | 'global',
    folder: string,
    allowed: string[]
  ): Promise<{ key: string; name: string }> {
    if (!file) throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'file', rule: 'required', message: 'required' }] })
    if (file.errors.some((e) => e.type === 'size')) throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    const ext = (file.extname || '').toLowerCase()
    if (!allowed.includes(ext) || !file.isValid) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    const prefix = owner === 'global' ? 'global' : `c${owner}`
    const key = `${prefix}/${folder.split('/').map(safeSegment).join('/')}/${randomUUID()}.${ext}`
    await file.moveToDisk(key)
    return { key, name: safeFileName(file.clientName, `file.${ext}`) }
  },

  async delete(key: string | null | undefined) {
    if (key) await drive.use().delete(key).catch(() => {})
  },

  /**
   * A URL that serves the file for about an hour, bound to the company that
   * owns it (cid; 0 for global files); null for no file or a malformed key.
   */
  url(key: string | null | undefined): string | null {
    if (!key) return null
    const owner = ownerOf(key)
    if (!owner) return null
    const now = Math.floor(Date.now() / 1000)
    const exp = now - (now % URL_STEP_SECONDS) + URL_STEP_SECONDS + URL_TTL_SECONDS
    const cid = owner === 'global' ? '0' : owner
    return `/media/${key}?cid=${cid}&exp=${exp}&sig=${sign(owner, key, exp)}`
  },

  /**
   * A signed URL is valid only for the company it was signed for, and only for
   * a file of that company (its key's owner prefix); not after exp.
   */
  verify(key: string, exp: number, sig: string, cid: string | number | null | undefined) {
    if (!Number.isFinite(exp) || exp * 1000 < Date.now()) return false
    // a signature is never valid for longer than one period (older 24 h links are refused)
    if (exp - Date.now() / 1000 > URL_TTL_SECONDS + URL_STEP_SECONDS) return false
    const owner = ownerOf(key)
    if (!owner || String(cid ?? '') !== (owner === 'global' ? '0' : owner)) return false
    const expected = Buffer.from(sign(owner, key, exp))
    const given = Buffer.from(typeof sig === 'string' ? sig : '')
    return expected.length === given.length && timingSafeEqual(expected, given)
  },

  disk() {
    return drive.use()
  },

  /**
   * The bytes of a stored file of `companyId` (or a platform-wide one), given
   * its key or its signed /media/ path: what a channel uploads for an outgoing
   * message. Another company's key and any outside address are refused, so a
   * channel never fetches an address an agent typed.
   */
  async readOwned(urlOrKey: string, companyId: number): Promise<Buffer> {
    let path = urlOrKey
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      const own = /^https?:\/\/[^/]+(\/media\/.*)$/.exec(path)
      if (!own) throw new Error('outgoing media is not a stored file')
      path = own[1]
    }
    const key = decodeURIComponent(path.replace(/^\/media\//, '').split('?')[0])
    if (key.includes('..')) throw new Error('bad media key')
    if (!key.startsWith(`c${companyId}/`) && !key.startsWith('global/')) throw new Error('media of another owner')
    return Buffer.from(await drive.use().getBytes(key))
  },
}

const MIME: Record<string, string> = {
  'jpg': 'image/jpeg',
  'jpeg': 'image/jpeg',
  'png': 'image/png',
  'webp': 'image/webp',
  'gif': 'image/gif',
  'mp4': 'video/mp4',
  '3gp': 'video/3gpp',
  'ogg': 'audio/ogg',
  'opus': 'audio/ogg',
  'mp3': 'audio/mpeg',
  'm4a': 'audio/mp4',
  'aac': 'audio/aac',
  'amr': 'audio/amr',
  'pdf': 'application/pdf',
  'txt': 'text/plain',
}

/** The content type of a file name (or URL) by its extension, for uploads to a channel. */
export function mimeOf(name: string | null | undefined, fallback = 'application/octet-stream') {
  const ext = (name ?? '').split('?')[0].split('.').pop()?.toLowerCase() ?? ''
  return MIME[ext] ?? fallback
}
