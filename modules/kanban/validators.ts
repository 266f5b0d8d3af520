import vine from '@vinejs/vine'

const id = () => vine.number().withoutDecimals().min(0).max(2147483647)

/**
 * Query lists. The spec's client sends queueIds as a JSON list in the query string
 * (`queueIds=[1,2]`); a repeated parameter or a comma list is taken too.
 */
export const jsonList = (v: unknown) => {
  if (v === undefined || v === null || v === '') return undefined
  if (Array.isArray(v)) return v
  if (typeof v === 'number') return [v]
  if (typeof v !== 'string') return v
  const s = v.trim()
  if (s.startsWith('[')) {
    try {
      return JSON.parse(s)
    } catch {
      return v
    }
  }
  return s.split(',')
}

const idList = () => vine.array(vine.number().withoutDecimals().positive().max(2147483647)).maxLength(200)

/** GET /ticket/kanban: the whole board (first page of every lane) or one lane's next page. */
export const boardQueryValidator = vine.create({
  lane: id().optional(),
  cursor: vine.string().trim().maxLength(200).optional(),
  limit: vine.number().withoutDecimals().min(1).max(100).optional(),
  searchParam: vine.string().trim().maxLength(100).optional(),
  queueIds: idList().optional(),
  users: idList().optional(),
})

export const lanesQueryValidator = vine.create({
  searchParam: vine.string().trim().maxLength(100).optional(),
})

/** PUT /ticket/kanban/lanes: every kanban tag once, in board order. */
export const laneOrderValidator = vine.create({
  tagIds: vine.array(vine.number().withoutDecimals().positive().max(2147483647)).maxLength(1000).distinct(),
})

/** POST /ticket/kanban/:ticketId/move: the lane to put the card in (null or 0: the default lane). */
export const moveValidator = vine.create({
  tagId: id().nullable(),
  /** the lane the card was dragged from, to refuse a move made on a stale board */
  fromTagId: id().nullable().optional(),
})
