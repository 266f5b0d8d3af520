/**
 * The test forms call the real public endpoint with the connection's token,
 * as an outside system would: plain fetch, not the app's API client (whose
 * session handling would treat the API's 401 as a sign-out).
 */
import i18next from 'i18next'

export interface ApiAnswer {
  ok: boolean
  status: number
  data: { status?: string; messageId?: number | null; ticketId?: number | null; error?: string; message?: string }
}

export async function callSend(token: string, payload: Record<string, string> | FormData): Promise<ApiAnswer> {
  const isForm = payload instanceof FormData
  const res = await fetch('/api/messages/send', {
    method: 'POST',
    headers: {
      'authorization': `Bearer ${token}`,
      'accept': 'application/json',
      'accept-language': i18next.language || 'pt',
      ...(isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: isForm ? payload : JSON.stringify(payload),
  })
  const data = await res.json().catch(() => ({}))
  return { ok: res.ok, status: res.status, data }
}
