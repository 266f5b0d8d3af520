/**
 * Boots the core services every module relies on: module settings keys,
 * the job workers (with the online/offline and inbound retention sweeps) and graceful shutdown.
 */
import type { ApplicationService } from '@adonisjs/core/types'
import { modules } from '../plugins.js'

export default class CoreProvider {
  constructor(protected app: ApplicationService) {}

  async boot() {
    const { settingsRegistry } = await import('#core/settings')
    for (const { manifest } of modules) {
      for (const [key, def] of Object.entries(manifest.settings ?? {})) settingsRegistry.define(key, def)
    }
    const { jobs } = await import('#core/jobs')
    const { sweepOffline } = await import('#services/presence')
    jobs.define('core', 'presence-sweep', async () => sweepOffline())
    jobs.every('core', 'presence-sweep', { every: 60_000 }, 'presence-sweep')
    // processed inbound events are deleted after INBOUND_KEEP_DAYS (a timer: it must not depend on Redis)
    const { inbound } = await import('#core/pipeline')
    jobs.sweep('inbound-retention', 60 * 60_000, () => inbound.purgeProcessed())
    // read receipts through the channel drivers (queued by queueMarkRead)
    const { CHANNEL_QUEUE, runMarkRead } = await import('#core/channels')
    jobs.define(CHANNEL_QUEUE, 'mark-read', (data: any) => runMarkRead(data), { concurrency: 4 })
    // the cached callers: its model hooks forget them on every user, company or plan write, in any process
    await import('#services/actor_cache')
  }

  async ready() {
    const { startCacheInvalidation } = await import('#core/cache')
    startCacheInvalidation()
    // only a process that serves HTTP has streams to write to: a worker process that listened
    // decoded every event of the deployment, its own included, for nobody
    if (['web', 'test'].includes(this.app.getEnvironment())) {
      const { startRealtimeFanout } = await import('#services/realtime_fanout')
      startRealtimeFanout()
    }
    const env = (await import('#start/env')).default
    const inProcess = env.get('WORKERS', true) !== false
    if (this.app.getEnvironment() === 'web' && inProcess) {
      const { jobs } = await import('#core/jobs')
      await jobs.startWorkers()
    }
  }

  async shutdown() {
    const { jobs } = await import('#core/jobs')
    await jobs.close()
    const { stopCacheInvalidation } = await import('#core/cache')
    await stopCacheInvalidation()
    const { stopRealtimeFanout } = await import('#services/realtime_fanout')
    await stopRealtimeFanout()
    const { closeRedis } = await import('#services/redis')
    await closeRedis()
  }
}
