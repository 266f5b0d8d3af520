/**
 * The conversation side of file lists: a queue with fileListId (on selection
 * or single-queue auto-assign) and a chatbot option of type file send every
 * file of the list, each with its name as caption, through the inbox port
 * (outbox rows in the engine's transaction: sent once, after the commit).
 */
import { conversation, type ConversationHooks, type InboundContext } from '#core/conversation'
import FileList from '../models/file_list.js'

async function sendList(ctx: InboundContext, fileListId: number) {
  const list = await FileList.query({ client: ctx.tx.trx }).where('id', fileListId).preload('options').first()
  if (!list) return
  const options = list.options.filter((o) => o.path).sort((a, b) => a.position - b.position || a.id - b.id)
  for (const o of options) {
    await conversation.inbox().send(ctx.tx, ctx.ticket, {
      body: o.name,
      mediaUrl: o.path,
      mediaType: o.mediaType,
      mediaName: o.fileName,
    })
  }
}

export const fileListHooks: ConversationHooks = {
  async queueEntered(ctx) {
    if (ctx.queue.fileListId) await sendList(ctx, ctx.queue.fileListId)
  },
  async chatbotOption(ctx) {
    if (ctx.option.queueType === 'file' && ctx.option.optFileId) await sendList(ctx, ctx.option.optFileId)
  },
}
