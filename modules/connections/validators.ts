import vine from '@vinejs/vine'
import { weekdaySchedules } from '#core/validation'
import { channelCatalog } from '#core/channels'

/** YYYY-MM-DD or a full ISO timestamp; parsed and range-checked by the rules service */
const DATE = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/

const text = () => vine.string().trim().maxLength(5000).nullable().optional()
const minutes = () => vine.number().withoutDecimals().min(0).max(525600).optional()
const id = () => vine.number().withoutDecimals().positive().max(2147483647).nullable().optional()
const date = () => vine.string().trim().regex(DATE).nullable().optional()
/** the client sends booleans, or dates for the import fields (WG stores dates there) */
const flagOrDate = () =>
  vine.union([vine.union.if((v) => typeof v === 'boolean', vine.boolean()), vine.union.else(date())])

const connectionFields = {
  isDefault: vine.boolean().optional(),
  allowGroup: vine.boolean().optional(),
  groupAsTicket: vine.enum(['enabled', 'disabled']).optional(),
  greetingMessage: text(),
  complationMessage: text(),
  outOfHoursMessage: text(),
  collectiveVacationMessage: text(),
  collectiveVacationStart: date(),
  collectiveVacationEnd: date(),
  importOldMessages: flagOrDate().optional(),
  importOldMessagesDate: date(),
  importRecentMessages: flagOrDate().optional(),
  importOldMessagesGroups: vine.boolean().optional(),
  closedTicketsPostImported: vine.boolean().optional(),
  sendIdQueue: id(),
  // an empty value means 0 (spec 2 §5)
  timeSendQueue: vine
    .union([
      vine.union.if(
        (v) => (v as unknown) === '' || v === null,
        vine.any().transform(() => 0)
      ),
      vine.union.else(vine.number().withoutDecimals().min(0).max(525600)),
    ])
    .optional(),
  integrationId: id(),
  promptId: id(),
  timeCreateNewTicket: minutes(),
  maxUseBotQueues: vine.number().withoutDecimals().min(0).max(100).optional(),
  timeUseBotQueues: vine
    .union([
      vine.union.if((v) => typeof v === 'number', vine.number().withoutDecimals().min(0).max(525600)),
      vine.union.else(
        vine
          .string()
          .trim()
          .regex(/^\d{1,6}$/)
      ),
    ])
    .optional(),
  expiresTicket: minutes(),
  whenExpiresTicket: vine.number().in([0, 1]).optional(),
  expiresInactiveMessage: text(),
  timeInactiveMessage: minutes(),
  inactiveMessage: text(),
  ratingMessage: text(),
  maxUseBotQueuesNPS: vine.number().withoutDecimals().min(0).max(100).optional(),
  expiresTicketNPS: vine
    .union([
      vine.union.if(
        (v) => (v as unknown) === '' || v === null,
        vine.any().transform(() => 0)
      ),
      vine.union.else(vine.number().withoutDecimals().min(0).max(525600)),
    ])
    .optional(),
  provider: vine.string().trim().maxLength(20).optional(),
  color: vine.string().trim().maxLength(9).nullable().optional(),
  token: vine
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{30}$/)
    .nullable()
    .optional(),
  queueIds: vine.array(vine.number().withoutDecimals().positive().max(2147483647)).maxLength(200).distinct().optional(),
  schedules: weekdaySchedules().optional(),
  /** the channel's own settings, validated with its manifest's schema (services/channel_settings.ts) */
  settings: vine.object({}).allowUnknownProperties().optional(),
  /** pairing by phone-number code instead of QR (digits with country code) */
  pairingPhone: vine
    .string()
    .trim()
    .regex(/^\d{10,15}$/)
    .nullable()
    .optional(),
}

export const createConnectionValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  // any channel a manifest declares (channels/<name>/channel.ts)
  channel: vine.enum(() => channelCatalog.names()).optional(),
  /** the company to create it in: only the super user may name another one (all-connections dialog) */
  companyId: vine.number().withoutDecimals().positive().max(2147483647).optional(),
  ...connectionFields,
})

export const updateConnectionValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  ...connectionFields,
})

export const sessionStartValidator = vine.create({
  pairingPhone: vine
    .string()
    .trim()
    .regex(/^\d{10,15}$/)
    .nullable()
    .optional(),
})

export type ConnectionInput = Partial<Awaited<ReturnType<typeof updateConnectionValidator.validate>>> & {
  channel?: string
}
