import type { ApplicationService } from '@adonisjs/core/types'

export default class IntegrationsProvider {
  constructor(protected app: ApplicationService) {}

  /** The integration job is defined before the workers start; the bots plug into the engine's extension points. */
  async start() {
    const { conversation } = await import('#core/conversation')
    const { integrationHooks, defineIntegrationJobs } = await import('./services/runner.js')
    defineIntegrationJobs()
    conversation.addHooks('integrations', integrationHooks)
    await import('./routes.js')
  }
}
