/**
 * The AI job (house rule: no provider call on the request path). POST
 * /assist/tickets/:ticketId/jobs records a pending call and queues this job;
 * it reads the ticket's LAST messages through the inbox's public API (and the
 * company's quick replies for suggestions), asks the model with the company's
 * key, and stores the answer for the asking agent, who gets it by realtime
 * (or by polling GET /assist/jobs/:id). A failure is stored as an ERR_ code
 * the browser shows as a toast; nothing is ever sent to the contact here.
 */
import logger from '@adonisjs/core/services/logger'
import { jobs } from '#core/jobs'
import { companyPlanHas } from '#core/plan_flags'
import { tenancy, tenantTable } from '#core/tenancy'
import { getContact } from '#modules/inbox/public/contacts'
import { quickReplyTexts } from '#modules/inbox/public/quick_replies'
import { recentMessages } from '#modules/inbox/public/ticket_context'
import { getTicket } from '#modules/inbox/public/tickets'
import { AiProviderError, aiClient, type ChatTurn } from '#modules/prompts/public/ai'
import {
  SUGGESTION_MESSAGES,
  SUMMARY_MESSAGES,
  TUNING,
  cleanImproved,
  improveTurns,
  parseSuggestions,
  suggestionTurns,
  summaryTurns,
} from './ai_text.js'
import { emitCall, presentCall } from './calls.js'
import { clearKey, readSettings } from './settings.js'

export const QUEUE = 'assist'

export interface AssistJob {
  companyId: number
  callId: number
}

/** A failure the agent is told about (its ERR_ code), as opposed to a bug. */
class AssistFailure extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

function codeOf(e: unknown) {
  if (e instanceof AssistFailure) return e.code
  if (e instanceof AiProviderError) {
    if (e.status === 401 || e.status === 403) return 'ERR_ASSIST_KEY_REJECTED'
    if (e.status === 429) return 'ERR_ASSIST_RATE_LIMITED'
  }
  return 'ERR_ASSIST_PROVIDER_FAILED'
}

async function contactName(ticketId: number) {
  const ticket = await getTicket(ticketId)
  if (!ticket) throw new AssistFailure('ERR_NO_TICKET_FOUND')
  return (await getContact(ticket.contactId))?.name ?? ''
}

async function conversation(ticketId: number, limit: number) {
  const messages = await recentMessages(ticketId, limit)
  if (!messages.some((m) => m.body.trim())) throw new AssistFailure('ERR_ASSIST_EMPTY_CONVERSATION')
  return messages
}

async function turnsFor(call: any): Promise<ChatTurn[]> {
  const ticketId = Number(call.ticket_id)
  switch (call.kind) {
    case 'summary':
      return summaryTurns(await conversation(ticketId, SUMMARY_MESSAGES), await contactName(ticketId))
    case 'suggestions':
      return suggestionTurns(
        await conversation(ticketId, SUGGESTION_MESSAGES),
        await contactName(ticketId),
        await quickReplyTexts(Number(call.user_id))
      )
    default:
      return improveTurns(String(call.input ?? ''))
  }
}

function resultOf(kind: string, answer: string) {
  if (kind === 'suggestions') {
    const suggestions = parseSuggestions(answer)
    if (!suggestions.length) throw new AssistFailure('ERR_ASSIST_PROVIDER_FAILED')
    return { suggestions }
  }
  const text = kind === 'improve' ? cleanImproved(answer) : answer.trim()
  if (!text) throw new AssistFailure('ERR_ASSIST_PROVIDER_FAILED')
  return { text }
}

/** The job: one request, answered once (a repeated job finds it no longer pending). */
export async function runCall(job: AssistJob) {
  await tenancy.run(job.companyId, async () => {
    const call = await tenantTable('assist_calls').where('id', job.callId).first()
    if (!call || call.status !== 'pending') return
    let update: Record<string, unknown>
    try {
      // the plan may have changed since the request
      if (!(await companyPlanHas(job.companyId, 'useOpenAi'))) throw new AssistFailure('ERR_PLAN_FEATURE_DISABLED')
      const settings = await readSettings()
      const apiKey = clearKey(settings)
      if (!apiKey) throw new AssistFailure('ERR_ASSIST_NO_KEY')
      const answer = await aiClient().chat({
        apiKey,
        model: settings.model,
        messages: await turnsFor(call),
        ...TUNING[call.kind as keyof typeof TUNING],
      })
      update = { status: 'done', result: JSON.stringify(resultOf(call.kind, answer.text)), tokens: answer.tokens }
    } catch (e) {
      const code = codeOf(e)
      const level = e instanceof AssistFailure ? 'info' : 'error'
      logger[level](
        { companyId: job.companyId, callId: job.callId, kind: call.kind, code, error: (e as Error).message },
        'assist: AI help failed'
      )
      update = { status: 'failed', error: code }
    }
    // the draft is not kept once answered
    const [row] = await tenantTable('assist_calls')
      .where('id', job.callId)
      .where('status', 'pending')
      .update({ ...update, input: null, finished_at: new Date() })
      .returning('*')
    if (row) emitCall(job.companyId, Number(row.user_id), presentCall(row))
  })
}

export function defineAssistJobs() {
  jobs.define<AssistJob>(QUEUE, 'run', (data) => runCall(data), { concurrency: 4 })
}
