/**
 * Reading and writing chatbot option trees. Every query goes through the
 * tenant-scoped models; a tree is loaded level by level (at most a few levels).
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AppError } from '#core/errors'
import { Queue, User } from '#core/models'
import Chatbot from './chatbot.js'

export interface OptionInput {
  id?: number
  name: string
  queueType?: Chatbot['queueType']
  greetingMessage?: string | null
  closeTicket?: boolean
  optUserId?: number | null
  optQueueId?: number | null
  optIntegrationId?: number | null
  optFileId?: number | null
  options?: OptionInput[]
}

export type OptionTree = ReturnType<Chatbot['serialize']> & { options: OptionTree[] }

type Parent = { queueId: number } | { chatbotId: number }

/** Loads the option trees under the given parents, ordered by id (the menu order). */
export async function loadTrees(parents: { queueIds?: number[]; chatbotIds?: number[] }) {
  const roots = await Chatbot.query()
    .where((q) => {
      if (parents.queueIds?.length) q.orWhereIn('queue_id', parents.queueIds)
      if (parents.chatbotIds?.length) q.orWhereIn('chatbot_id', parents.chatbotIds)
      if (!parents.queueIds?.length && !parents.chatbotIds?.length) q.whereRaw('false')
    })
    .orderBy('id')
  const nodes = new Map<number, OptionTree>()
  const wrap = (c: Chatbot) => {
    const node = { ...c.serialize(), options: [] } as OptionTree
    nodes.set(c.id, node)
    return node
  }
  const top = roots.map(wrap)
  let level = roots
  while (level.length) {
    const children = await Chatbot.query()
      .whereIn(
        'chatbot_id',
        level.map((c) => c.id)
      )
      .orderBy('id')
    for (const child of children) nodes.get(child.chatbotId!)!.options.push(wrap(child))
    level = children
  }
  return top
}

async function assertReferences(options: OptionInput[]) {
  const users = new Set<number>()
  const queues = new Set<number>()
  const walk = (list: OptionInput[]) => {
    for (const o of list) {
      if (o.optUserId) users.add(o.optUserId)
      if (o.optQueueId) queues.add(o.optQueueId)
      walk(o.options ?? [])
    }
  }
  walk(options)
  if (users.size) {
    const found = await User.query()
      .whereIn('id', [...users])
      .count('* as n')
      .pojo<{ n: string }>()
    if (Number(found[0].n) !== users.size) throw new AppError('ERR_NO_USER_FOUND', 422)
  }
  if (queues.size) {
    const found = await Queue.query()
      .whereIn('id', [...queues])
      .count('* as n')
      .pojo<{ n: string }>()
    if (Number(found[0].n) !== queues.size) throw new AppError('ERR_NO_QUEUE_FOUND', 422)
  }
}

function fields(o: OptionInput) {
  return {
    name: o.name,
    queueType: o.queueType ?? 'text',
    greetingMessage: o.greetingMessage ?? null,
    closeTicket: o.closeTicket ?? false,
    optUserId: o.optUserId ?? null,
    optQueueId: o.optQueueId ?? null,
    optIntegrationId: o.optIntegrationId ?? null,
    optFileId: o.optFileId ?? null,
  }
}

/**
 * Makes the children of `parent` exactly `options`: updates those with a known
 * id, creates the others, deletes the missing (their sub-options go with them).
 * An option given without `options` keeps its current sub-options.
 */
export async function syncOptions(parent: Parent, options: OptionInput[], trx: TransactionClientContract) {
  await assertReferences(options)
  await syncLevel(parent, options, trx)
}

async function syncLevel(parent: Parent, options: OptionInput[], trx: TransactionClientContract) {
  const where = 'queueId' in parent ? { queue_id: parent.queueId } : { chatbot_id: parent.chatbotId }
  const existing = await Chatbot.query({ client: trx }).where(where)
  const byId = new Map(existing.map((c) => [c.id, c]))
  const kept = new Set<number>()
  for (const input of options) {
    let row = input.id ? byId.get(input.id) : undefined
    if (row) {
      row.merge(fields(input))
      await row.save()
    } else {
      row = new Chatbot()
      row.useTransaction(trx)
      row.fill({
        ...fields(input),
        queueId: 'queueId' in parent ? parent.queueId : null,
        chatbotId: 'chatbotId' in parent ? parent.chatbotId : null,
      })
      await row.save()
    }
    kept.add(row.id)
    if (input.options) await syncLevel({ chatbotId: row.id }, input.options, trx)
  }
  const gone = existing.filter((c) => !kept.has(c.id)).map((c) => c.id)
  if (gone.length) await Chatbot.query({ client: trx }).whereIn('id', gone).delete()
}
