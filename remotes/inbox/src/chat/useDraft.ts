/** The input's text, kept as the ticket's draft on every change (drafts.ts). */
import { useState } from 'react'
import { drafts } from './drafts.js'

export function useDraft(ticketId: number, initialText?: string) {
  const [text, setTextState] = useState(initialText ?? drafts.get(ticketId) ?? '')
  const setText = (value: string | ((now: string) => string)) =>
    setTextState((now) => {
      const next = typeof value === 'function' ? value(now) : value
      drafts.set(ticketId, next)
      return next
    })
  return [text, setText] as const
}
