/**
 * POST /api/messages/send (reference §5.6, with its bugs fixed): one call,
 * one transaction. The call's record (messaging_api_requests) is written
 * first: with an Idempotency-Key its unique index makes a second identical
 * call wait for the first one's commit and then answer the first answer,
 * never sending twice. The inbox stores contact, ticket and message in the
 * same unit of work and queues the send to the outbox after the commit.
 * noRegister=true stores no contact, ticket or message: the call's record
 * carries the payload and this module's job hands it to the channel.
 */
import { createHash } from 'node:crypto'
import { AppError } from '#core/errors'
import { assertCanSendThrough, checkNumbers } from '#core/channels'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { unitOfWork } from '#core/unit_of_work'
import { User } from '#core/models'
import { storeApiSend } from '#modules/inbox/public/api_send'
import type { ApiCaller } from './token_auth.js'
import type { CheckedMedia } from './media.js'
import { countUsage } from './usage.js'

export const API_QUEUE = 'messaging-api'
/** An Idempotency-Key answers the same for this long. */
export const IDEMPOTENCY_TTL_HOURS = 24

export interface SendInput {
  number: string
  body: string
  userId: number | null
  queueId: number | null
  sendSignature: boolean
  closeTicket: boolean
  noRegister: boolean
}

export interface SendAnswer {
  status: number
  body: Record<string, unknown>
  replayed: boolean
}

/** What an identical call is: its fields and its files' contents. */
export function requestHash(whatsappId: number, input: SendInput, medias: CheckedMedia[]) {
  const canonical = JSON.stringify([whatsappId, input, medias.map((m) => [m.name, m.sha256])])
  return createHash('sha256').update(canonical).digest('hex')
}

/** The idempotency gate: null when this call goes ahead (its row id set), else the earlier answer. */
async function claim(
  trx: any,
  caller: ApiCaller,
  key: string | null,
  hash: string,
  input: SendInput
): Promise<{ id: number } | { replay: SendAnswer }> {
  const row = {
    company_id: caller.companyId,
    whatsapp_id: caller.whatsapp.id,
    idempotency_key: key,
    request_hash: hash,
    number: input.number,
    no_register: input.noRegister,
  }
  if (!key) {
    const [inserted] = await tenantInsert('messaging_api_requests', row, trx).returning('id')
    return { id: Number(inserted.id ?? inserted) }
  }
  // an expired key may be used again
  await tenantTable('messaging_api_requests', trx)
    .where({ whatsapp_id: caller.whatsapp.id, idempotency_key: key })
    .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_TTL_HOURS * 3_600_000))
    .delete()
  // a concurrent call with the same key waits here until this transaction ends
  const result = await trx.rawQuery(
    `INSERT INTO messaging_api_requests (company_id, whatsapp_id, idempotency_key, request_hash, number, no_register)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, whatsapp_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id`,
    [tenancy.requireCompanyId(), row.whatsapp_id, key, hash, row.number, row.no_register]
  )
  if (result.rows.length) return { id: Number(result.rows[0].id) }
  const first = await tenantTable('messaging_api_requests', trx)
    .where({ whatsapp_id: caller.whatsapp.id, idempotency_key: key })
    .first()
  if (!first) throw new AppError('ERR_CONFLICT', 409)
  if (first.request_hash !== hash) throw new AppError('ERR_API_IDEMPOTENCY_MISMATCH', 422)
  return { replay: { status: Number(first.status_code), body: first.response, replayed: true } }
}

/** Queues a noRegister send (idempotent per call); a queue that is down leaves it to the sweep. */
export async function queueDirectSend(companyId: number, requestId: number) {
  await jobs
    .dispatch(
      API_QUEUE,
      'send-direct',
      { companyId, requestId },
      {
        jobId: `msgapi-direct-${requestId}`,
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
      }
    )
    .catch(() => {})
}

async function signed(input: SendInput) {
  if (!input.sendSignature || !input.userId) return input.body
  const user = await User.find(input.userId)
  // the reference's signature: the agent's name in bold on its own line
  return user ? `*${user.name}:*\n${input.body}` : input.body
}

/** Sends one API call's message(s); the caller's scope is entered here. */
export async function sendViaApi(
  caller: ApiCaller,
  input: SendInput,
  medias: CheckedMedia[],
  key: string | null
): Promise<SendAnswer> {
  const hash = requestHash(caller.whatsapp.id, input, medias)
  if (!input.noRegister) {
    // the reference's CheckContactNumber: a channel that can tell (WhatsApp) refuses a number without an account
    const known = await checkNumbers(caller.companyId, caller.whatsapp.id, [input.number])
    if (known.get(input.number) === false) throw new AppError('ERR_CHECK_NUMBER', 404)
  }
  const saved: string[] = []
  try {
    const answer = await tenancy.run(caller.companyId, () =>
      unitOfWork(async (uow) => {
        const trx = uow.trx
        const claimed = await claim(trx, caller, key, hash, input)
        if ('replay' in claimed) return claimed.replay
        await assertCanSendThrough(caller.companyId, caller.whatsapp.id)
        const body = await signed(input)
        const stored = []
        for (const m of medias) {
          const file = await storage.save(m.file, caller.companyId, 'messaging-api', [m.ext])
          saved.push(file.key)
          stored.push({ key: file.key, name: file.name, mediaType: m.mediaType })
        }
        let response: Record<string, unknown>
        if (input.noRegister) {
          await tenantTable('messaging_api_requests', trx)
            .where('id', claimed.id)
            .update({ body, medias: JSON.stringify(stored) })
          response = { status: 'SUCCESS', messageId: null, ticketId: null, requestId: claimed.id }
          uow.afterCommit(() => queueDirectSend(caller.companyId, claimed.id))
        } else {
          const parts = stored.length
            ? stored.map((s, i) => ({
                body: i === 0 ? body : '',
                mediaUrl: s.key,
                mediaName: s.name,
                mediaType: s.mediaType,
              }))
            : [{ body, mediaUrl: null, mediaName: null, mediaType: null }]
          const ids: number[] = []
          let ticketId = 0
          for (const [i, part] of parts.entries()) {
            const r = await storeApiSend(uow, {
              number: input.number,
              whatsappId: caller.whatsapp.id,
              channel: caller.whatsapp.channel,
              ...part,
              userId: input.userId,
              queueId: input.queueId,
              closeTicket: input.closeTicket && i === parts.length - 1,
            })
            ids.push(r.messageId)
            ticketId = r.ticketId
          }
          response = { status: 'SUCCESS', messageId: ids[0], ticketId, ...(ids.length > 1 ? { messageIds: ids } : {}) }
          await tenantTable('messaging_api_requests', trx)
            .where('id', claimed.id)
            .update({ message_id: ids[0], ticket_id: ticketId, body })
        }
        await tenantTable('messaging_api_requests', trx)
          .where('id', claimed.id)
          .update({ status_code: 202, response: JSON.stringify(response) })
        return { status: 202, body: response, replayed: false }
      })
    )
    if (!answer.replayed) await countUsage(caller.companyId, caller.whatsapp.id, 'sent', Math.max(1, medias.length))
    return answer
  } catch (error) {
    // nothing was committed: the files saved for it go too
    for (const file of saved) await storage.delete(file)
    throw error
  }
}

/** How the outbox's acks read in the API's answers. */
export const ACK_STATES = ['queued', 'sent', 'delivered', 'read', 'played'] as const

export function stateOf(ack: number, error: string | null) {
  if (error) return 'failed'
  return ACK_STATES[Math.max(0, Math.min(4, ack))] ?? 'queued'
}
