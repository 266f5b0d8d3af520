/**
 * The board's lanes: the company's kanban tags (the inbox's, read through its
 * public API) in the order stored here. A tag never placed comes after the
 * placed ones, by id, so a new lane shows up at the end until someone orders it.
 */
import db from '@adonisjs/lucid/services/db'
import { AppError } from '#core/errors'
import { realtime } from '#core/realtime'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { kanbanTags, type KanbanTag } from '#modules/inbox/public/kanban'

export interface Lane extends KanbanTag {
  /** place on the board (0 first); null when never ordered */
  position: number | null
}

const TABLE = 'kanban_lane_positions'

export async function orderedLanes(search?: string | null): Promise<Lane[]> {
  const [tags, rows] = await Promise.all([kanbanTags(search), tenantTable(TABLE).select('tag_id', 'position')])
  const placed = new Map<number, number>(rows.map((r: any) => [Number(r.tag_id), Number(r.position)]))
  const rank = (l: Lane) => l.position ?? Number.MAX_SAFE_INTEGER
  return tags
    .map((t) => ({ ...t, position: placed.get(t.id) ?? null }))
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id)
}

/** Stores the order of every kanban tag (each exactly once) and tells the company's boards. */
export async function saveLaneOrder(tagIds: number[]): Promise<Lane[]> {
  const known = new Set((await kanbanTags()).map((t) => t.id))
  // a lane created or deleted since the screen loaded: the screen reloads rather than half-order
  if (tagIds.length !== known.size || tagIds.some((id) => !known.has(id))) {
    throw new AppError('ERR_KANBAN_LANE_ORDER', 422)
  }
  await db.transaction(async (trx) => {
    await tenantTable(TABLE, trx).delete()
    if (tagIds.length) {
      await tenantInsert(
        TABLE,
        tagIds.map((tagId, position) => ({ tag_id: tagId, position })),
        trx
      )
    }
  })
  realtime.toCompany(tenancy.requireCompanyId(), 'kanban', { action: 'lanes', order: tagIds })
  return orderedLanes()
}
