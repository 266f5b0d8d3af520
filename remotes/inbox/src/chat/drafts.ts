/**
 * Unsent text per ticket, so switching tickets neither loses a draft nor leaks
 * it into another chat. Kept in memory for the page's life. Pure
 * (tests/unit/inbox_chat_logic.spec.ts).
 */
export class DraftStore {
  #texts = new Map<number, string>()

  get(ticketId: number): string | undefined {
    return this.#texts.get(ticketId)
  }

  /** Saves the ticket's draft; an empty text forgets it. */
  set(ticketId: number, text: string) {
    if (text) this.#texts.set(ticketId, text)
    else this.#texts.delete(ticketId)
  }
}

/** the drafts of every InputBar of the page */
export const drafts = new DraftStore()
