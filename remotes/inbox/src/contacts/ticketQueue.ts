/**
 * The queue of a ticket opened from the contacts page (spec 1 §5: a ticket
 * needs a queue). Pure (tests/unit/inbox_workspace_logic.spec.ts).
 */
export type QueueChoice = { kind: 'use'; queueId: number } | { kind: 'ask' } | { kind: 'none' }

/**
 * A user in exactly one queue opens in it without a question; otherwise the
 * choice is among the user's queues (every company queue for an admin), asked
 * only when there is more than one; with none, no ticket can be opened.
 */
export function ticketQueueChoice(
  own: readonly { id: number }[],
  admin: boolean,
  all: readonly { id: number }[] = []
): QueueChoice {
  if (own.length === 1) return { kind: 'use', queueId: own[0].id }
  const choices = admin ? all : own
  if (choices.length === 1) return { kind: 'use', queueId: choices[0].id }
  return choices.length ? { kind: 'ask' } : { kind: 'none' }
}
