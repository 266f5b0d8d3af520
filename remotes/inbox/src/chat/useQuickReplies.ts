/**
 * Quick replies while the text is "/shortcut" (GET /quick-messages/list, loaded
 * once per page): the matches, the highlighted one and the keys that move
 * through them (arrows), pick one (Enter, Tab) or close the list (Escape).
 */
import { useEffect, useState, type KeyboardEvent } from 'react'
import { api, toastError } from '@balcao/ui'
import { matchQuickReplies, quickTerm, stepQuickIndex } from './quickReplies.js'
import type { QuickMessage } from './types.js'

let quickCache: Promise<QuickMessage[]> | null = null
const loadQuickMessages = () =>
  (quickCache ??= api.get<QuickMessage[]>('/quick-messages/list').catch((e) => {
    quickCache = null
    throw e
  }))

export function useQuickReplies(text: string, source?: () => Promise<QuickMessage[]>) {
  const [quick, setQuick] = useState<QuickMessage[]>([])
  const [quickIndex, setQuickIndex] = useState(0)

  const term = quickTerm(text)
  useEffect(() => {
    if (term === undefined) return setQuick([])
    let stale = false
    ;(source ?? loadQuickMessages)()
      .then((all) => {
        if (stale) return
        setQuick(matchQuickReplies(all, term))
        setQuickIndex(0)
      })
      .catch(toastError)
    return () => {
      stale = true
    }
  }, [term, source])

  /** Handles the key when the list is open; true when it did (the input then ignores it). */
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>, pick: (q: QuickMessage) => void) => {
    if (!quick.length) return false
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const key = e.key
      setQuickIndex((i) => stepQuickIndex(i, key, quick.length))
      return true
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault()
      pick(quick[quickIndex] ?? quick[0])
      return true
    }
    if (e.key === 'Escape') {
      setQuick([])
      return true
    }
    return false
  }

  return { quick, quickIndex, close: () => setQuick([]), onKeyDown }
}
