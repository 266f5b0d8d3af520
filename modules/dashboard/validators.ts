import vine from '@vinejs/vine'

/** a form's blank field is no value */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
/** a calendar day; a full timestamp is cut to its day */
const dayText = () =>
  vine
    .string()
    .parse(blankAsNull)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}([T ].*)?$/)
    .transform((v) => v.slice(0, 10))
    .nullable()
    .optional()
const id = () => vine.number().withoutDecimals().positive().max(2147483647).nullable().optional()

export const dashboardValidator = vine.create({
  date_from: dayText(),
  date_to: dayText(),
  days: vine.number().withoutDecimals().min(1).max(366).nullable().optional(),
  queueId: id(),
  userId: id(),
})

export const chartValidator = vine.create({
  initialDate: dayText(),
  finalDate: dayText(),
  // the company is always the caller's: a companyId in the query is read and ignored
  companyId: vine.any().optional(),
})

/** "[1,2]", "1,2" or repeated values of an id list, as clients send them in a query string */
export function idList(raw: unknown): unknown {
  if (raw === undefined || raw === null || raw === '') return []
  if (Array.isArray(raw)) return raw.flatMap((r) => idList(r) as unknown[])
  if (typeof raw === 'string') {
    const s = raw.trim()
    if (s.startsWith('[')) {
      try {
        return idList(JSON.parse(s))
      } catch {
        return [s]
      }
    }
    return s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
  }
  return [raw]
}

export const momentsValidator = vine.create({
  status: vine.enum(['open', 'pending', 'group', 'closed', 'nps', 'lgpd']).nullable().optional(),
  showAll: vine.boolean().nullable().optional(),
  queueIds: vine.array(vine.number().withoutDecimals().positive().max(2147483647)).maxLength(200).optional(),
  dateStart: dayText(),
  dateEnd: dayText(),
  userId: id(),
})

export const reportValidator = vine.create({
  kind: vine.enum(['calls', 'surveys', 'duration', 'groups']),
  date_from: dayText(),
  date_to: dayText(),
  days: vine.number().withoutDecimals().min(1).max(366).nullable().optional(),
  queueId: id(),
  userId: id(),
  whatsappId: id(),
  pageNumber: vine.number().withoutDecimals().min(1).max(100000).optional(),
  /** an export asks for up to 5,000 rows at once */
  pageSize: vine.number().withoutDecimals().min(1).max(5000).optional(),
})

export const exportValidator = vine.create({
  table: vine.enum(['attendants', 'calls', 'surveys', 'duration', 'groups']),
  format: vine.enum(['xlsx', 'csv']),
  lang: vine.enum(['pt', 'en', 'es']).optional(),
  date_from: dayText(),
  date_to: dayText(),
  days: vine.number().withoutDecimals().min(1).max(366).nullable().optional(),
  queueId: id(),
  userId: id(),
  whatsappId: id(),
})
