import vine from '@vinejs/vine'
import { REPEAT_EVERY } from './models/schedule.js'
import { MAX_SENDS, WEEKDAYS } from './services/recurrence.js'

/** optional fields take '' (a form's blank field) as no value */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v)
const id = () => vine.number().withoutDecimals().positive().max(2147483647)

/** spec 3 §5: body at least 5 characters; contact and send time required */
const fields = {
  body: vine.string().trim().minLength(5).maxLength(4096),
  contactId: id(),
  // an ISO time, or a datetime-local value read in the company's time zone (parsed by the controller)
  sendAt: vine.string().trim().minLength(10).maxLength(40),
  whatsappId: id().parse(blankAsNull).nullable().optional(),
  queueId: id().parse(blankAsNull).nullable().optional(),
  openTicket: vine.enum(['enabled', 'disabled']).optional(),
  statusTicket: vine.enum(['open', 'closed']).optional(),
  repeatEvery: vine.enum(REPEAT_EVERY).optional(),
  // the repeat's end (services/recurrence.ts): after repeatCount sends in all (the first included),
  // or on repeatUntil (a day, company zone); weekly may name its weekdays. The rule's sense
  // (one end, weekdays only weekly, an end not before the start) is checked with ERR_SCHEDULE_REPEAT_*.
  repeatCount: vine.number().withoutDecimals().min(1).max(MAX_SENDS).nullable().optional(),
  repeatUntil: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .parse(blankAsNull)
    .nullable()
    .optional(),
  repeatWeekdays: vine.array(vine.enum(WEEKDAYS)).distinct().maxLength(7).optional(),
}

export const createScheduleValidator = vine.create(fields)

/** PUT carries the whole form plus userId (spec 3 §7) */
export const updateScheduleValidator = vine.create({
  ...fields,
  body: fields.body.optional(),
  contactId: id().optional(),
  sendAt: vine.string().trim().minLength(10).maxLength(40).optional(),
  userId: id().parse(blankAsNull).nullable().optional(),
})

export const listQueryValidator = vine.create({
  searchParam: vine.string().trim().maxLength(100).optional(),
  contactId: id().optional(),
  // the calendar's visible range (ISO times)
  startDate: vine.string().trim().maxLength(40).optional(),
  endDate: vine.string().trim().maxLength(40).optional(),
  // only the schedules still to go out, soonest first (the contact drawer's list)
  upcoming: vine.boolean().optional(),
})
