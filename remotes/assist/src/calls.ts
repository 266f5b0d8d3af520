/**
 * The AI help's calls. A request is a job on the server: POST answers at once
 * (pending) and the result arrives by realtime (company-{id}-assist, to the
 * asking agent) or, should an event be missed, by polling the job.
 */
import { useEffect, useState } from 'react'
import { ApiError, api, realtime, singleton } from '@balcao/ui'

export type AssistKind = 'summary' | 'suggestions' | 'improve'

export interface AssistJob {
  id: number
  kind: AssistKind
  ticketId: number
  status: 'pending' | 'done' | 'failed'
  result: { text?: string; suggestions?: string[] } | null
  error: string | null
}

export interface AssistStatus {
  configured: boolean
  model: string
  /** admins only: the key's mask */
  apiKey?: string | null
  dailyLimit?: number
  usedToday?: number
}

const POLL_MS = 2000
/** a job longer than this is given up (the provider's own timeout is 30 s) */
export const GIVE_UP_MS = 75_000

/** one status per page, shared by every chat's menu, kept live by the settings event */
const shared = singleton('assistStatus', () => ({
  value: null as AssistStatus | null,
  loading: null as Promise<AssistStatus> | null,
  listeners: new Set<(s: AssistStatus) => void>(),
}))

function publish(s: AssistStatus) {
  shared.value = s
  for (const l of shared.listeners) l(s)
}

export function loadStatus(force = false): Promise<AssistStatus> {
  if (!shared.loading || force) {
    shared.loading = api.get<AssistStatus>('/assist/settings').then((s) => {
      publish(s)
      return s
    })
    shared.loading.catch(() => (shared.loading = null))
  }
  return shared.loading
}

/** Whether the company's AI help is on (null while unknown); follows an admin's change live. */
export function useAssistStatus(): AssistStatus | null {
  const [status, setStatus] = useState<AssistStatus | null>(shared.value)
  useEffect(() => {
    shared.listeners.add(setStatus)
    loadStatus().catch(() => {})
    const off = realtime.on(realtime.companyEvent('assist'), (m) => {
      if (m.action === 'settings')
        publish({ ...(shared.value ?? { model: '' }), configured: Boolean(m.configured), model: String(m.model ?? '') })
    })
    return () => {
      shared.listeners.delete(setStatus)
      off()
    }
  }, [])
  return status
}

/** A failed job as the error the kit's toast translates (its ERR_ code). */
export const jobError = (job: AssistJob) => new ApiError(200, job.error ?? 'ERR_ASSIST_PROVIDER_FAILED', '')

/**
 * Asks and waits for the answer. Resolves with the finished job (done or
 * failed); rejects on a refused request (no key, daily limit, plan) or after GIVE_UP_MS.
 */
export async function ask(ticketId: number, kind: AssistKind, text?: string): Promise<AssistJob> {
  const { job } = await api.post<{ job: AssistJob }>(`/assist/tickets/${ticketId}/jobs`, {
    kind,
    ...(kind === 'improve' ? { text } : {}),
  })
  return new Promise<AssistJob>((resolve, reject) => {
    let settled = false
    const finish = (j: AssistJob | null, error?: unknown) => {
      if (settled) return
      settled = true
      off()
      clearInterval(poll)
      clearTimeout(giveUp)
      if (j) resolve(j)
      else reject(error)
    }
    const off = realtime.on(realtime.companyEvent('assist'), (m) => {
      const j = m.job as AssistJob | undefined
      if (j && j.id === job.id && j.status !== 'pending') finish(j)
    })
    const poll = setInterval(() => {
      api
        .get<{ job: AssistJob }>(`/assist/jobs/${job.id}`)
        .then((r) => r.job.status !== 'pending' && finish(r.job))
        .catch(() => {})
    }, POLL_MS)
    const giveUp = setTimeout(() => finish(null, new Error('timeout')), GIVE_UP_MS)
  })
}
