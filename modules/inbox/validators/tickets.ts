import vine from '@vinejs/vine'

const id = () => vine.number().withoutDecimals().positive().max(2147483647)

export const createTicketValidator = vine.create({
  contactId: id(),
  whatsappId: id().nullable().optional(),
  queueId: id().nullable().optional(),
  userId: id().nullable().optional(),
  status: vine.enum(['open', 'pending']).optional(),
  companyId: vine.number().optional(),
})

export const updateTicketValidator = vine.create({
  status: vine.enum(['open', 'pending', 'closed', 'group']).optional(),
  userId: id().nullable().optional(),
  queueId: id().nullable().optional(),
  msgTransfer: vine.string().trim().maxLength(4000).nullable().optional(),
  isTransfered: vine.boolean().optional(),
  sendFarewellMessage: vine.boolean().optional(),
  amountUsedBotQueues: vine.number().withoutDecimals().min(0).max(1000).optional(),
  useIntegration: vine.boolean().optional(),
  integrationId: id().nullable().optional(),
})

export const closeAllValidator = vine.create({
  status: vine.enum(['open', 'pending']),
  selectedQueueIds: vine.array(id()).minLength(1).maxLength(500),
})
