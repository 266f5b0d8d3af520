import type { ApplicationService } from '@adonisjs/core/types'

export default class QueuesProvider {
  constructor(protected app: ApplicationService) {}

  /** The conversation engine hooks into the inbox and defines its jobs before the workers start. */
  async start() {
    const { conversation } = await import('#core/conversation')
    const { conversationEngine } = await import('./engine/conversation.js')
    const { defineConversationJobs } = await import('./engine/jobs.js')
    // one contributor among several (bots, campaigns, …), ordered by the manifests' dependsOn
    conversation.addHooks('queues', conversationEngine)
    defineConversationJobs()
    await import('./routes.js')
  }
}
