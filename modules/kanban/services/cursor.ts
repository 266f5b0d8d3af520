/**
 * A lane page's cursor as the client carries it: the last card's exact
 * updated_at (microseconds, as PostgreSQL prints it) and id, base64url JSON.
 * It is opaque to the client and checked on the way back in.
 */
import { AppError } from '#core/errors'
import type { KanbanCursor } from '#modules/inbox/public/kanban'

export function encodeCursor(c: KanbanCursor | null): string | null {
  return c ? Buffer.from(JSON.stringify([c.updatedAt, c.id])).toString('base64url') : null
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/

/** a timestamp PostgreSQL reads back (a real calendar day), never one that would fail the query */
function isTimestamp(s: string) {
  const m = TIMESTAMP.exec(s)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const day = new Date(Date.UTC(y, mo - 1, d))
  return y >= 1970 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d
}

export function decodeCursor(raw: string | undefined | null): KanbanCursor | null {
  if (!raw) return null
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isTimestamp(value[0]) &&
      Number.isInteger(value[1]) &&
      value[1] > 0 &&
      value[1] <= 2147483647
    ) {
      return { updatedAt: value[0], id: value[1] }
    }
  } catch {
    // falls through to the error below
  }
  throw new AppError('ERR_KANBAN_BAD_CURSOR', 400)
}
