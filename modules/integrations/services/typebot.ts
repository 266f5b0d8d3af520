/**
 * Typebot (reference §5.4): startChat / continueChat against the
 * integration's URL, the answers turned into WhatsApp text: rich text with
 * *bold* and _italic_, media by URL, choice inputs as "▶️ item" lines, and a
 * text bubble starting with '#' + JSON as a trigger ({stopBot}, {queueId},
 * {queueId, userId}).
 */
import { assertSafeTarget } from './safe_target.js'

export interface TypebotOutput {
  texts: { body: string; mediaUrl?: string; mediaType?: string }[]
  trigger: { stopBot?: boolean; queueId?: number; userId?: number } | null
  sessionId: string | null
}

const TIMEOUT_MS = 15_000

async function post(url: string, body: unknown) {
  await assertSafeTarget(url)
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!res.ok) throw new Error(`Typebot answered ${res.status}`)
  return res.json() as Promise<any>
}

const base = (url: string) => url.replace(/\/+$/, '')

export async function startChat(url: string, slug: string, vars: Record<string, string>, message?: string) {
  return post(`${base(url)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
    ...(message ? { message } : {}),
    prefilledVariables: vars,
  })
}

export async function continueChat(url: string, sessionId: string, message: string) {
  return post(`${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message })
}

/** Plain WhatsApp text of a Typebot rich-text tree. */
function richText(nodes: any[]): string {
  const walk = (n: any): string => {
    if (typeof n?.text === 'string') {
      let t = n.text
      if (t && n.bold) t = `*${t}*`
      if (t && n.italic) t = `_${t}_`
      if (t && n.strikethrough) t = `~${t}~`
      return t
    }
    const inner = (n?.children ?? []).map(walk).join('')
    return n?.type === 'p' || n?.type === 'variable' ? inner : inner
  }
  return (nodes ?? []).map(walk).join('\n')
}

function parseTrigger(text: string): TypebotOutput['trigger'] {
  try {
    const data = JSON.parse(text.slice(1))
    if (!data || typeof data !== 'object') return null
    const out: NonNullable<TypebotOutput['trigger']> = {}
    if (data.stopBot === true) out.stopBot = true
    if (Number.isInteger(Number(data.queueId)) && Number(data.queueId) > 0) out.queueId = Number(data.queueId)
    if (Number.isInteger(Number(data.userId)) && Number(data.userId) > 0) out.userId = Number(data.userId)
    return Object.keys(out).length ? out : null
  } catch {
    return null
  }
}

export function toOutput(data: any): TypebotOutput {
  const out: TypebotOutput = { texts: [], trigger: null, sessionId: data?.sessionId ?? null }
  for (const m of data?.messages ?? []) {
    if (m?.type === 'text') {
      const text = richText(m.content?.richText ?? []).trim()
      if (!text) continue
      if (text.startsWith('#')) {
        const trigger = parseTrigger(text)
        if (trigger) {
          out.trigger = { ...(out.trigger ?? {}), ...trigger }
          continue
        }
      }
      out.texts.push({ body: text })
    } else if (['image', 'video', 'audio'].includes(m?.type) && typeof m.content?.url === 'string') {
      out.texts.push({ body: '', mediaUrl: m.content.url, mediaType: m.type })
    }
  }
  const items = data?.input?.type === 'choice input' ? (data.input.items ?? []) : []
  if (items.length) out.texts.push({ body: items.map((i: any) => `▶️ ${i.content}`).join('\n') })
  return out
}
