/**
 * How often the bot may repeat its menu: at most maxUseBotQueues times
 * (0 = unlimited), and, once it has spoken, not again until timeUseBotQueues
 * minutes have passed since it last did. Real elapsed time, not the clock's
 * minute field (the bug of the original product).
 */
export interface BotUse {
  /** times the bot already answered on this ticket */
  amountUsed: number
  /** when it last answered */
  lastAt: Date | null
}

export function botMayAnswer(use: BotUse, maxUses: number, minutesBetween: number, now = new Date()) {
  if (maxUses > 0 && use.amountUsed >= maxUses) return false
  if (minutesBetween > 0 && use.amountUsed > 0 && use.lastAt) {
    return now.getTime() - use.lastAt.getTime() >= minutesBetween * 60_000
  }
  return true
}
