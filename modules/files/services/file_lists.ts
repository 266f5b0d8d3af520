/**
 * File lists: reading, the options sync of a save, and attaching uploaded
 * files (sniffed, stored privately, served through signed URLs).
 */
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { AppError } from '#core/errors'
import { storage } from '#core/storage'
import FileList from '../models/file_list.js'
import FileListOption from '../models/file_list_option.js'
import { MAX_OPTIONS } from '../validators.js'
import { readHead, sniff, type Sniffed } from './sniff.js'

/** WhatsApp's media limit for documents is 100 MB, but images/video are 16 MB: the common safe bound. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024

export function serializeOption(o: FileListOption) {
  return {
    id: o.id,
    name: o.name,
    path: o.fileName,
    mediaType: o.mediaType,
    mime: o.mime,
    size: o.size,
    url: storage.url(o.path),
  }
}

export function serializeList(l: FileList) {
  const options = (l.options ?? []).slice().sort((a, b) => a.position - b.position || a.id - b.id)
  return {
    id: l.id,
    name: l.name,
    message: l.message,
    userId: l.userId,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    options: options.map(serializeOption),
  }
}

export async function findList(id: number, trx?: TransactionClientContract) {
  const q = FileList.query(trx ? { client: trx } : undefined)
    .where('file_lists.id', id)
    .preload('options')
  if (trx) q.forUpdate()
  const list = await q.first()
  if (!list) throw new AppError('ERR_NO_FILE_LIST_FOUND', 404)
  return list
}

export interface OptionInput {
  id?: number
  name: string
}

/**
 * Makes the list's options the given ones: known ids keep their file and take
 * the new name and order, new entries wait for their file, missing ones go
 * (their stored files are removed after the commit). Returns keys to delete.
 */
export async function syncOptions(trx: TransactionClientContract, list: FileList, input: OptionInput[]) {
  const existing = new Map((list.options ?? []).map((o) => [o.id, o]))
  const kept = new Set<number>()
  for (const [position, o] of input.entries()) {
    const current = o.id ? existing.get(o.id) : undefined
    if (o.id && !current) throw new AppError('ERR_NO_FILE_OPTION_FOUND', 404)
    if (current) {
      kept.add(current.id)
      current.useTransaction(trx).merge({ name: o.name, position })
      await current.save()
    } else {
      await FileListOption.create({ fileListId: list.id, name: o.name, position }, { client: trx })
    }
  }
  const gone = [...existing.values()].filter((o) => !kept.has(o.id))
  if (gone.length) {
    await FileListOption.query({ client: trx })
      .whereIn(
        'id',
        gone.map((o) => o.id)
      )
      .delete()
  }
  return gone.map((o) => o.path).filter((p): p is string => Boolean(p))
}

export interface CheckedFile {
  file: MultipartFile
  sniffed: Sniffed
}

/** Size and content checks of every uploaded file before anything is stored. */
export async function checkFiles(files: MultipartFile[]): Promise<CheckedFile[]> {
  if (!files.length)
    throw new AppError('ERR_VALIDATION', 422, { fields: [{ field: 'files', rule: 'required', message: 'required' }] })
  const out: CheckedFile[] = []
  for (const file of files) {
    if (file.errors.some((e) => e.type === 'size') || file.size > MAX_FILE_BYTES)
      throw new AppError('ERR_PAYLOAD_TOO_LARGE', 413)
    if (!file.tmpPath) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    // the name the person gave (Adonis' extname comes from the content itself)
    const ext = (file.clientName.includes('.') ? file.clientName.split('.').pop()! : '').toLowerCase()
    const sniffed = sniff(await readHead(file.tmpPath), ext)
    if (!sniffed) throw new AppError('ERR_FILE_CONTENT_MISMATCH', 422)
    // the name must say what the content is (a png named .pdf is refused)
    if (!sniffed.exts.includes(ext)) throw new AppError('ERR_INVALID_FILE_TYPE', 422)
    // stored under the checked extension (Adonis' own guess is a zip for a docx, nothing for a txt)
    file.extname = ext
    out.push({ file, sniffed })
  }
  return out
}

/**
 * Stores the checked files and attaches them: to the option of the same index
 * in `optionIds` (its old file is replaced), or to a new option named `name`
 * or after the file. One transaction; stored files are removed if it fails.
 */
export async function attachFiles(listId: number, checked: CheckedFile[], optionIds: number[], name: string | null) {
  const stored: { key: string; name: string; c: CheckedFile }[] = []
  try {
    const owner = await findList(listId)
    for (const c of checked) {
      const saved = await storage.save(c.file, owner.companyId, `file-lists/${owner.id}`, c.sniffed.exts)
      stored.push({ ...saved, c })
    }
    const replaced: string[] = []
    await db.transaction(async (trx) => {
      const list = await findList(listId, trx)
      const count = list.options.length
      let added = 0
      for (const [i, s] of stored.entries()) {
        const fields = {
          path: s.key,
          fileName: s.name,
          mediaType: s.c.sniffed.kind,
          mime: s.c.sniffed.mime,
          size: s.c.file.size,
        }
        const optionId = optionIds[i]
        if (optionId) {
          const option = list.options.find((o) => o.id === optionId)
          if (!option) throw new AppError('ERR_NO_FILE_OPTION_FOUND', 404)
          if (option.path) replaced.push(option.path)
          option.useTransaction(trx).merge(fields)
          await option.save()
        } else {
          if (count + ++added > MAX_OPTIONS) throw new AppError('ERR_FILE_LIST_TOO_MANY_FILES', 422)
          const caption = (stored.length === 1 && name?.trim()) || s.name.replace(/\.[^.]+$/, '')
          await FileListOption.create(
            { fileListId: list.id, name: caption.slice(0, 200), position: count + added, ...fields },
            { client: trx }
          )
        }
      }
      // the list changed: its updatedAt says so
      await FileList.query({ client: trx }).where('id', list.id).update({ updated_at: new Date() })
    })
    for (const key of replaced) await storage.delete(key)
  } catch (e) {
    for (const s of stored) await storage.delete(s.key)
    throw e
  }
  return findList(listId)
}
