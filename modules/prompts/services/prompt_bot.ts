/**
 * The AI assistant in the conversation (reference §5.5, without its bugs).
 * The engine asks `takeover` inside the inbound transaction: a ticket with no
 * queue and no user on a connection with a promptId is the prompt's; the
 * answer is a BullMQ job queued after the commit (never the request path).
 * The job builds the context from the LAST maxMessages messages (the current
 * one once, last), calls the prompt's model with its own key, and answers
 * through the inbox port (outbox). The transfer phrase hands the ticket to the
 * prompt's queue (phrase stripped); a failing provider gets the contact the
 * out-of-service text and a human, never silence.
 */
import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { conversation, type ConversationHooks, type InboundContext } from '#core/conversation'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { tenancy } from '#core/tenancy'
import { unitOfWork } from '#core/unit_of_work'
import { messageById, recentMessages } from '#modules/inbox/public/ticket_context'
import Prompt from '../models/prompt.js'
import { aiClient, type ChatTurn } from './openai_client.js'
import { claim, finish, guard } from './guards.js'
import { openSecret } from '#core/secrets'
import { companyPlanHas } from '#core/plan_flags'
import { speechClient } from './speech.js'

export const QUEUE = 'prompts'
/** The phrase the model is told to start with when a human is needed (stripped from the answer). */
export const TRANSFER_PHRASE = 'Ação: Transferir para o setor de atendimento'
export const OUT_OF_SERVICE =
  'Desculpe, nosso assistente virtual está indisponível no momento. Um atendente vai continuar o seu atendimento.'

interface ReplyJob {
  companyId: number
  ticketId: number
  messageId: number
  promptId: number
}

/** The prompt of the connection an event came through, or null. */
async function promptFor(ctx: InboundContext) {
  const w = await conversation.connection(ctx.tx, ctx.companyId, ctx.whatsappId)
  if (!w?.promptId) return null
  return Prompt.query({ client: ctx.tx.trx }).where('id', w.promptId).first()
}

export const promptHooks: ConversationHooks = {
  async takeover(ctx) {
    const t = ctx.ticket
    if (t.userId || t.queueId || t.isGroup || t.status === 'open' || !ctx.message.id) return false
    // a ticket handed to a queue integration is the integration's
    if (t.useIntegration && t.integrationId) return false
    const prompt = await promptFor(ctx)
    if (!prompt || !(await companyPlanHas(ctx.companyId, 'useOpenAi', ctx.tx.trx))) return false
    const job: ReplyJob = { companyId: ctx.companyId, ticketId: t.id, messageId: ctx.message.id, promptId: prompt.id }
    ctx.tx.afterCommit(() =>
      jobs
        .dispatch(QUEUE, 'reply', job, { jobId: `prompt-reply-${ctx.companyId}-${ctx.message.id}`, attempts: 1 })
        .catch((e) => logger.error({ err: e, ...job }, 'prompts: could not queue the AI answer'))
    )
    return true
  },
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

function systemPrompt(p: Prompt, contactName: string) {
  return [
    `Você é um assistente virtual de atendimento. Chame o cliente pelo primeiro nome: ${firstName(contactName) || 'cliente'}.`,
    `Responda de forma breve, em no máximo ${p.maxTokens} tokens.`,
    `Quando o cliente precisar de um atendente humano, comece a resposta com "${TRANSFER_PHRASE}".`,
    '',
    p.prompt,
  ].join('\n')
}

/** The answer without the transfer phrase, and whether it asked for a human. */
export function splitTransfer(answer: string) {
  const i = answer.toLowerCase().indexOf(TRANSFER_PHRASE.toLowerCase())
  if (i === -1) return { text: answer.trim(), transfer: false }
  const text = (answer.slice(0, i) + answer.slice(i + TRANSFER_PHRASE.length)).replace(/^[\s.:!-]+/, '').trim()
  return { text, transfer: true }
}

const isAudio = (t: string | null) => t === 'audio' || t === 'ptt'

/** The job: one answer to one inbound message. */
export async function reply(job: ReplyJob, now = new Date()) {
  await tenancy.run(job.companyId, async () => {
    const prompt = await Prompt.find(job.promptId)
    const message = await messageById(job.messageId)
    if (!prompt || !message || message.ticketId !== job.ticketId) return

    const verdict = await guard(job.ticketId, now)
    const callId = await claim({ promptId: prompt.id, ticketId: job.ticketId, messageId: job.messageId })
    if (callId === null) return
    if (verdict === 'limited') return finish(callId, 'limited')
    if (verdict === 'budget') {
      logger.warn({ companyId: job.companyId, ticketId: job.ticketId }, 'prompts: daily token budget reached')
      await finish(callId, 'budget')
      return sendAnswer(job, prompt, OUT_OF_SERVICE, true)
    }

    const contact = await unitOfWork(async (tx) => {
      const ticket = await conversation.inbox().lockTicket(tx, job.ticketId)
      return ticket ? conversation.inbox().contact(tx, ticket.contactId) : null
    })
    if (!contact) return finish(callId, 'skipped')

    const client = aiClient()
    const apiKey = openSecret(prompt.apiKey)
    try {
      let current = message.body
      if (isAudio(message.mediaType) && message.mediaUrl && !/^https?:/i.test(message.mediaUrl)) {
        const audio = await storage.disk().getBytes(message.mediaUrl)
        current = await client.transcribe({ apiKey, audio, fileName: message.mediaUrl.split('/').pop() ?? 'audio.ogg' })
      }
      // the last maxMessages messages before this one (not the first ones), then this one once
      const history = await recentMessages(job.ticketId, prompt.maxMessages, { beforeId: message.id })
      const turns: ChatTurn[] = [
        { role: 'system', content: systemPrompt(prompt, contact.name) },
        ...history
          .filter((m) => m.body.trim())
          .map((m): ChatTurn => ({ role: m.fromMe ? 'assistant' : 'user', content: m.body })),
      ]
      if (current.trim()) turns.push({ role: 'user', content: current })
      const result = await client.chat({
        apiKey,
        model: prompt.model,
        messages: turns,
        temperature: prompt.temperature,
        maxTokens: prompt.maxTokens,
      })
      await finish(callId, 'ok', result.tokens)
      const { text, transfer } = splitTransfer(result.text)
      return sendAnswer(job, prompt, text, transfer)
    } catch (e) {
      const error = (e as Error).message
      logger.error(
        { companyId: job.companyId, ticketId: job.ticketId, promptId: prompt.id, error },
        'prompts: AI provider failed'
      )
      await finish(callId, 'failed', 0, error)
      return sendAnswer(job, prompt, OUT_OF_SERVICE, true)
    }
  })
}

/** Sends the answer and, when asked, hands the ticket to the prompt's queue; unless an agent took it meanwhile. */
async function sendAnswer(job: ReplyJob, prompt: Prompt, text: string, transfer: boolean) {
  const audioKey = text && text !== OUT_OF_SERVICE ? await speak(job, prompt, text) : null
  await unitOfWork(async (tx) => {
    const port = conversation.inbox()
    const ticket = await port.lockTicket(tx, job.ticketId)
    if (!ticket || ticket.userId || ticket.status === 'closed' || ticket.status === 'open') return
    if (ticket.queueId && ticket.queueId !== prompt.queueId) return
    if (audioKey)
      await port.send(tx, ticket, { body: '', mediaUrl: audioKey, mediaType: 'audio', mediaName: 'resposta.mp3' })
    else if (text) await port.send(tx, ticket, { body: text })
    if (transfer && prompt.queueId) {
      await port.update(
        tx,
        ticket,
        { queueId: prompt.queueId, status: 'pending', isBot: false },
        { type: 'queue', queueId: prompt.queueId }
      )
    }
  })
}

/**
 * A voice answer (the prompt's voice ≠ 'texto', with its Azure key and region)
 * stored privately as mp3; null (the text goes instead) when there is no voice
 * or the speech service fails, which is logged.
 */
async function speak(job: ReplyJob, prompt: Prompt, text: string): Promise<string | null> {
  const key = openSecret(prompt.voiceKey)
  if (prompt.voice === 'texto' || !key || !prompt.voiceRegion) return null
  try {
    const audio = await speechClient().synthesize({ key, region: prompt.voiceRegion, voice: prompt.voice, text })
    const path = `c${job.companyId}/prompts/voice/${randomUUID()}.mp3`
    await storage.disk().put(path, audio)
    return path
  } catch (e) {
    logger.error(
      { companyId: job.companyId, promptId: prompt.id, error: (e as Error).message },
      'prompts: speech failed, answering in text'
    )
    return null
  }
}

export function definePromptJobs() {
  jobs.define<ReplyJob>(QUEUE, 'reply', (data) => reply(data), { concurrency: 4 })
}
