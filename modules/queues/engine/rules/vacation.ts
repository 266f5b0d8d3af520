/** Collective vacation (reference §1.2): during the connection's vacation one text answers, nothing else runs. */
import { localDate, say, type EngineContext } from '../context.js'

/** Collective vacation of the connection: one text, nothing else runs. */
export async function collectiveVacation(ctx: EngineContext) {
  const w = ctx.whatsapp
  if (!w.collectiveVacationMessage?.trim() || !w.collectiveVacationStart || !w.collectiveVacationEnd) return false
  const today = localDate(ctx)
  const from = w.collectiveVacationStart.toISODate()!
  const to = w.collectiveVacationEnd.toISODate()!
  if (today < from || today > to) return false
  await say(ctx, w.collectiveVacationMessage)
  return true
}
