import vine from '@vinejs/vine'

/** The page's filters (also the export's). */
export const filtersValidator = vine.create({
  userId: vine.number().withoutDecimals().positive().max(2147483647).optional(),
  action: vine.string().trim().maxLength(60).optional(),
  entity: vine.string().trim().maxLength(40).optional(),
  from: vine.date({ formats: ['YYYY-MM-DD', 'iso8601'] }).optional(),
  to: vine.date({ formats: ['YYYY-MM-DD', 'iso8601'] }).optional(),
  search: vine.string().trim().maxLength(100).optional(),
  // super user only: a company's rows, or 'platform' for the platform's own
  companyId: vine
    .string()
    .regex(/^(platform|[1-9]\d{0,9})$/)
    // a number past PostgreSQL's integer range matches no company (never a 500)
    .transform((v) => (v === 'platform' ? ('platform' as const) : Math.min(Number(v), 2147483647)))
    .optional(),
  // keyset paging: the id of the last row of the previous page
  before: vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: vine.number().withoutDecimals().min(1).max(100).optional(),
})
