import type { ApplicationService } from '@adonisjs/core/types'
import { fakeSocketDir } from './session/fake_socket.js'

/**
 * Registers the driver everywhere (the API writes session commands, the
 * outbox sends) and runs sessions where jobs run: the web process with
 * in-process workers, or `npm run worker` processes. WHATSAPP_SESSIONS=off
 * or on overrides that. Tests start a supervisor themselves with a fake socket.
 */
export default class WhatsappChannelProvider {
  constructor(protected app: ApplicationService) {}

  /** WHATSAPP_FAKE_SOCKET under NODE_ENV=production stops the boot here, before any connection is open */
  register() {
    fakeSocketDir()
  }

  async start() {
    const { channelRegistry } = await import('#core/channels')
    const { installPipeline } = await import('#core/pipeline')
    const { whatsappDriver } = await import('./driver.js')
    installPipeline()
    channelRegistry.register(whatsappDriver)
  }

  async ready() {
    const env = this.app.getEnvironment()
    const flag = process.env.WHATSAPP_SESSIONS
    const workerProcess = /bin\/worker\.(ts|js)$/.test(process.argv[1] ?? '')
    const inProcessWorkers = env === 'web' && process.env.WORKERS !== 'false'
    const run = flag === 'on' || (flag !== 'off' && env !== 'test' && (inProcessWorkers || workerProcess))
    if (!run) return
    const { whatsappRuntime } = await import('./runtime.js')
    whatsappRuntime.startSupervisor()
  }

  async shutdown() {
    const { whatsappRuntime } = await import('./runtime.js')
    await whatsappRuntime.close()
  }
}
