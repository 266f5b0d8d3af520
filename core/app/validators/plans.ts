import vine from '@vinejs/vine'
import { planFlags } from '#core/plan_flags'

/** one optional switch per declared plan flag (#core/plan_flags), plus isPublic */
const flags = {
  ...Object.fromEntries(planFlags.names().map((f) => [f, vine.boolean().optional()])),
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
