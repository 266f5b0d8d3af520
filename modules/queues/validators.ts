import vine from '@vinejs/vine'
import { weekdaySchedules } from '#core/validation'
import { CHATBOT_TYPES } from './chatbot.js'

export const ROTATION_MINUTES = [0, 2, 5, 10, 15, 30, 45, 60]

const optionFields = {
  id: vine.number().withoutDecimals().positive().optional(),
  name: vine.string().trim().minLength(4).maxLength(100),
  queueType: vine.enum(CHATBOT_TYPES).optional(),
  greetingMessage: vine.string().trim().maxLength(5000).nullable().optional(),
  closeTicket: vine.boolean().optional(),
  optUserId: vine.number().withoutDecimals().positive().nullable().optional(),
  optQueueId: vine.number().withoutDecimals().positive().nullable().optional(),
  optIntegrationId: vine.number().withoutDecimals().positive().nullable().optional(),
  optFileId: vine.number().withoutDecimals().positive().nullable().optional(),
}

/** Option trees nest; four levels cover every menu seen in practice. */
const level3 = vine.object({ ...optionFields })
const level2 = vine.object({ ...optionFields, options: vine.array(level3).maxLength(50).optional() })
const level1 = vine.object({ ...optionFields, options: vine.array(level2).maxLength(50).optional() })
export const chatbotTree = vine.object({ ...optionFields, options: vine.array(level1).maxLength(50).optional() })

const queueFields = {
  greetingMessage: vine.string().trim().maxLength(5000).nullable().optional(),
  orderQueue: vine.number().withoutDecimals().min(0).max(10000).nullable().optional(),
  outOfHoursMessage: vine.string().trim().maxLength(5000).nullable().optional(),
  tempoRoteador: vine.number().in(ROTATION_MINUTES).optional(),
  ativarRoteador: vine.boolean().optional(),
  integrationId: vine.number().withoutDecimals().positive().nullable().optional(),
  fileListId: vine.number().withoutDecimals().positive().nullable().optional(),
  closeTicket: vine.boolean().optional(),
  schedules: weekdaySchedules().optional(),
  chatbots: vine.array(chatbotTree).maxLength(50).optional(),
}

export const createQueueValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50),
  color: vine.string().trim().minLength(3).maxLength(9),
  ...queueFields,
})

export const updateQueueValidator = vine.create({
  name: vine.string().trim().minLength(2).maxLength(50).optional(),
  color: vine.string().trim().minLength(3).maxLength(9).optional(),
  ...queueFields,
})

export const createChatbotValidator = vine.create({
  ...optionFields,
  queueId: vine.number().withoutDecimals().positive().nullable().optional(),
  chatbotId: vine.number().withoutDecimals().positive().nullable().optional(),
  options: vine.array(level1).maxLength(50).optional(),
})

export const updateChatbotValidator = vine.create({
  ...optionFields,
  name: vine.string().trim().minLength(4).maxLength(100).optional(),
  options: vine.array(level1).maxLength(50).optional(),
})
