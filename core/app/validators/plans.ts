import vine from '@vinejs/vine'

const flags = {
  useWhatsapp: vine.boolean().optional(),
  useFacebook: vine.boolean().optional(),
  useInstagram: vine.boolean().optional(),
  useCampaigns: vine.boolean().optional(),
  useSchedules: vine.boolean().optional(),
  useInternalChat: vine.boolean().optional(),
  useExternalApi: vine.boolean().optional(),
  useKanban: vine.boolean().optional(),
  useOpenAi: vine.boolean().optional(),
  useIntegrations: vine.boolean().optional(),
  isPublic: vine.boolean().optional(),
}

const limit = () => vine.number().withoutDecimals().min(0).max(100000)

export const createPlanValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  users: limit(),
  connections: limit(),
  queues: limit(),
  amount: vine.number().min(0).max(10000000),
  ...flags,
})

export const updatePlanValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  users: limit().optional(),
  connections: limit().optional(),
  queues: limit().optional(),
  amount: vine.number().min(0).max(10000000).optional(),
  ...flags,
})
