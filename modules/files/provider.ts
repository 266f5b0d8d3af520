import type { ApplicationService } from '@adonisjs/core/types'

export default class FilesProvider {
  constructor(protected app: ApplicationService) {}

  /** File lists plug into the conversation engine (queue fileListId, chatbot option of type file). */
  async start() {
    const { conversation } = await import('#core/conversation')
    const { fileListHooks } = await import('./services/file_list_bot.js')
    conversation.addHooks('files', fileListHooks)
    await import('./routes.js')
  }
}
