import type { ApplicationService } from '@adonisjs/core/types'

export default class PromptsProvider {
  constructor(protected app: ApplicationService) {}

  /** The AI answer job is defined before the workers start; the bot plugs into the engine's takeover. */
  async start() {
    const { conversation } = await import('#core/conversation')
    const { promptHooks, definePromptJobs } = await import('./services/prompt_bot.js')
    definePromptJobs()
    conversation.addHooks('prompts', promptHooks)
    await import('./routes.js')
  }
}
