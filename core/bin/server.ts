import { Ignitor, prettyPrintError } from '@adonisjs/core'
import { APP_ROOT, IMPORTER } from './_ignite.js'
import { createNodeServer } from '../app/services/node_server.js'

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    // drains first (503 on /health, streams ended, in-flight requests finished): core/app/services/drain.ts
    app.listen('SIGTERM', async () => {
      try {
        const { drain } = await import('#services/drain')
        const server = await app.container.make('server')
        await drain(server.getNodeServer())
      } finally {
        await app.terminate()
      }
    })
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .httpServer()
  .start((handler) => createNodeServer(handler))
  .catch(async (error) => {
    // a failed boot leaves pools and timers open that would keep the process alive: exit, so a
    // supervisor (systemd, the harness, npm start) sees the failure and restarts or reports it
    await prettyPrintError(error)
    process.exit(1)
  })
