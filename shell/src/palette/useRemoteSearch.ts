/**
 * Tickets and contacts matching the palette's text, from the inbox's own
 * search endpoints (GET /tickets in the Search view's terms, GET /contacts).
 * Debounced; a newer text aborts the older requests, so a slow answer never
 * replaces a fresh one. Each source is asked only when the user may open its page.
 */
import { useEffect, useState } from 'react'
import { api } from '@balcao/ui/core'
import { REMOTE_DEBOUNCE_MS, REMOTE_LIMIT, REMOTE_MIN_CHARS } from './items.js'

export interface TicketHit {
  id: number
  uuid: string
  status: string
  contact: { name: string; number: string } | null
}
export interface ContactHit {
  id: number
  name: string
  number: string
}

export interface RemoteResults {
  tickets: TicketHit[]
  contacts: ContactHit[]
  loading: boolean
  failed: boolean
}

const EMPTY: RemoteResults = { tickets: [], contacts: [], loading: false, failed: false }

export function useRemoteSearch(
  text: string,
  sources: { tickets: boolean; contacts: boolean },
  viewer: { queueIds: number[]; userProfile: boolean }
): RemoteResults {
  const [state, setState] = useState<RemoteResults>(EMPTY)
  const query = text.trim()
  const queueKey = JSON.stringify(viewer.queueIds)
  const { userProfile } = viewer

  useEffect(() => {
    if (query.length < REMOTE_MIN_CHARS || (!sources.tickets && !sources.contacts)) {
      setState(EMPTY)
      return
    }
    const controller = new AbortController()
    setState((s) => ({ ...s, loading: true, failed: false }))
    const timer = setTimeout(async () => {
      const [tickets, contacts] = await Promise.allSettled([
        sources.tickets
          ? api.get<{ tickets: TicketHit[] }>(
              '/tickets',
              {
                searchParam: query,
                status: 'search',
                pageNumber: 1,
                // the Search view's rules (spec 1 §6): a user profile searches with showAll false
                showAll: !userProfile,
                queueIds: queueKey === '[]' ? undefined : queueKey,
              },
              controller.signal
            )
          : Promise.resolve({ tickets: [] }),
        sources.contacts
          ? api.get<{ contacts: ContactHit[] }>('/contacts', { searchParam: query, pageNumber: 1 }, controller.signal)
          : Promise.resolve({ contacts: [] }),
      ])
      if (controller.signal.aborted) return
      setState({
        tickets: tickets.status === 'fulfilled' ? tickets.value.tickets.slice(0, REMOTE_LIMIT) : [],
        contacts: contacts.status === 'fulfilled' ? contacts.value.contacts.slice(0, REMOTE_LIMIT) : [],
        loading: false,
        failed: tickets.status === 'rejected' && contacts.status === 'rejected',
      })
    }, REMOTE_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, sources.tickets, sources.contacts, queueKey, userProfile])

  return state
}
