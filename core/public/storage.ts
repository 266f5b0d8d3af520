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

const URL_TTL_SECONDS = 24 * 3600

function sign(key: string, exp: number) {
  return createHmac('sha256', env.get('APP_KEY').release()).update(`media:${key}:${exp}`).digest('base64url')
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
    const ext = (file.extname || '').toLowerCase()
    if (!allowed.includes(ext) || !file.isValid) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    const prefix = owner === 'global' ? 'global' : `c${owner}`
    const key = `${prefix}/${folder.split('/').map(safeSegment).join('/')}/${randomUUID()}.${ext}`
    await file.moveToDisk(key)
    return { key, name: file.clientName.slice(0, 255) }
  },

  async delete(key: string | null | undefined) {
    if (key) await drive.use().delete(key).catch(() => {})
  },

  /** A URL that serves the file for a day; null for no file. */
  url(key: string | null | undefined): string | null {
    if (!key) return null
    const now = Math.floor(Date.now() / 1000)
    // rounded to the hour so the same file keeps the same URL (browser cache)
    const exp = now - (now % 3600) + URL_TTL_SECONDS
    return `/media/${key}?exp=${exp}&sig=${sign(key, exp)}`
  },

  verify(key: string, exp: number, sig: string) {
    if (!Number.isFinite(exp) || exp * 1000 < Date.now()) return false
    const expected = Buffer.from(sign(key, exp))
    const given = Buffer.from(sig ?? '')
    return expected.length === given.length && timingSafeEqual(expected, given)
  },

  disk() {
    return drive.use()
  },
}
