import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Registers the e-mail driver everywhere (the outbox sends from any
 * process); runs the mailbox session sweep where sessions run: the web
 * process with in-process workers, or worker processes. EMAIL_SESSIONS=on|off
 * overrides; tests open sessions themselves. No HTTP route: mail comes in
 * over IMAP, never through a webhook.
 */
export default class EmailChannelProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { emailDriver } = await import('./driver.js')
    installPipeline()
    channelRegistry.register(emailDriver)
  }

  async ready() {
    const env = this.app.getEnvironment()
    const workerProcess = /bin\/worker\.(ts|js)$/.test(process.argv[1] ?? '')
    const inProcessWorkers = env === 'web' && process.env.WORKERS !== 'false'
    const { setSessionsDefault, sessionsRunHere, startSessionSweep } = await import('./sessions.js')
    setSessionsDefault(env !== 'test' && (inProcessWorkers || workerProcess))
    if (sessionsRunHere() && env !== 'test') startSessionSweep()
  }

  async shutdown() {
    const { stopSessionSweep } = await import('./sessions.js')
    await stopSessionSweep()
  }
}
