/** Business hours (scheduleType company, connection or queue): the out-of-hours texts. */
import { Queue } from '#core/models'
import { isWithinHours } from '../business_hours.js'
import { botMaySpeak, botSpoke, change, say, type EngineContext } from '../context.js'
import { at } from './common.js'

export function scheduleFor(ctx: EngineContext) {
  const type = ctx.settings.scheduleType
  if (type === 'company') return ctx.company.schedules
  if (type === 'connection') return ctx.whatsapp.schedules
  return null
}

/** scheduleType company/connection: the connection's out-of-hours text, bot limits apply. */
export async function outOfHours(ctx: EngineContext) {
  const schedules = scheduleFor(ctx)
  if (!schedules || isWithinHours(schedules, ctx.timezone, at(ctx))) {
    if (ctx.ticket.isOutOfHour) await change(ctx, { isOutOfHour: false })
    return false
  }
  if (botMaySpeak(ctx) && ctx.whatsapp.outOfHoursMessage?.trim()) {
    await say(ctx, ctx.whatsapp.outOfHoursMessage)
    await botSpoke(ctx, undefined, { isOutOfHour: true })
  } else if (!ctx.ticket.isOutOfHour) {
    await change(ctx, { isOutOfHour: true })
  }
  return true
}

/** scheduleType queue: the queue's out-of-hours text for a queued ticket. */
export async function queueOutOfHours(ctx: EngineContext) {
  if (ctx.settings.scheduleType !== 'queue' || !ctx.ticket.queueId) return false
  const queue = await Queue.find(ctx.ticket.queueId)
  if (!queue || isWithinHours(queue.schedules, ctx.timezone, at(ctx))) return false
  if (botMaySpeak(ctx) && queue.outOfHoursMessage?.trim()) {
    await say(ctx, queue.outOfHoursMessage)
    await botSpoke(ctx, undefined, { isOutOfHour: true })
  }
  return true
}
