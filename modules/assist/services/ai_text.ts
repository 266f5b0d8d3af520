/**
 * What the model is asked for each kind of help, and how its answer is read.
 * The conversation goes as a transcript (Customer / Agent lines, oldest first):
 * the model writes FOR the agent, it does not play the agent.
 */
import type { ChatTurn } from '#modules/prompts/public/ai'
import type { ContextMessage } from '#modules/inbox/public/ticket_context'
import type { QuickReplyText } from '#modules/inbox/public/quick_replies'

/** how many of the LAST messages each kind reads */
export const SUMMARY_MESSAGES = 30
export const SUGGESTION_MESSAGES = 12
const MAX_MESSAGE_CHARS = 1000
const MAX_QUICK_REPLY_CHARS = 300

export const TUNING = {
  summary: { maxTokens: 400, temperature: 0.3 },
  suggestions: { maxTokens: 500, temperature: 0.7 },
  improve: { maxTokens: 700, temperature: 0.3 },
} as const

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s)

export function transcript(messages: ContextMessage[], contactName: string) {
  const who = contactName.trim() || 'Customer'
  return messages
    .map((m) => {
      const body = m.body.trim() || (m.mediaType ? `[${m.mediaType}]` : '')
      return body ? `${m.fromMe ? 'Agent' : `Customer (${who})`}: ${clip(body, MAX_MESSAGE_CHARS)}` : ''
    })
    .filter(Boolean)
    .join('\n')
}

export function summaryTurns(messages: ContextMessage[], contactName: string): ChatTurn[] {
  return [
    {
      role: 'system',
      content: [
        'You help customer-service agents. Summarise the conversation below for an agent who is taking it over.',
        'Write in the language of the conversation, in at most 5 short bullet points: why the customer got in touch,',
        'what was already said or done, what is still open, and the next step. Do not invent facts.',
      ].join(' '),
    },
    { role: 'user', content: transcript(messages, contactName) },
  ]
}

export function suggestionTurns(messages: ContextMessage[], contactName: string, quick: QuickReplyText[]): ChatTurn[] {
  const house = quick.length
    ? [
        '',
        "The company's quick replies (its usual wording; use one, adapted, when it fits):",
        ...quick.map((q) => `/${q.shortcode}: ${clip(q.message, MAX_QUICK_REPLY_CHARS)}`),
      ]
    : []
  return [
    {
      role: 'system',
      content: [
        'You help customer-service agents. Propose exactly 3 different short replies the agent could send next to the',
        'customer, answering the last customer message. Write in the language of the conversation, polite and concrete;',
        'never promise what the conversation does not support.',
        'Answer only with JSON: {"suggestions": ["first", "second", "third"]}.',
        ...house,
      ].join('\n'),
    },
    { role: 'user', content: transcript(messages, contactName) },
  ]
}

export function improveTurns(draft: string): ChatTurn[] {
  return [
    {
      role: 'system',
      content: [
        "You help customer-service agents. Rewrite the agent's draft message to the customer so it is clear, polite",
        'and free of spelling and grammar mistakes. Keep its meaning, its language, its facts, names, numbers, links',
        'and placeholders; keep it about as short. Answer only with the rewritten message, without quotes or notes.',
      ].join(' '),
    },
    { role: 'user', content: draft },
  ]
}

/** "```json ... ```" → the inside */
const unfence = (s: string) => s.replace(/^\s*```[a-z]*\s*/i, '').replace(/\s*```\s*$/, '')

/**
 * The three suggestions of an answer: its JSON when it is JSON, else its
 * lines without list marks or quotes. Blank and repeated ones are dropped.
 */
export function parseSuggestions(answer: string): string[] {
  const text = unfence(answer.trim())
  let items: unknown[] | null = null
  try {
    const data = JSON.parse(text)
    items = Array.isArray(data) ? data : Array.isArray(data?.suggestions) ? data.suggestions : null
  } catch {
    items = null
  }
  const list = (items ?? text.split(/\n+/))
    .filter((x): x is string => typeof x === 'string')
    .map((x) =>
      x
        .trim()
        .replace(/^(?:\d+[.)]|[-*•])\s*/, '')
        .replace(/^["“'](.*)["”']$/s, '$1')
        .trim()
    )
    .filter(Boolean)
  return [...new Set(list)].slice(0, 3)
}

/** The rewritten draft without quotes the model may have put around it. */
export const cleanImproved = (answer: string) =>
  unfence(answer.trim())
    .replace(/^["“](.*)["”]$/s, '$1')
    .trim()
