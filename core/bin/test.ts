process.env.NODE_ENV = 'test'
// the sample channel of the plugin-seam tests: a channel is one folder (core/plugins.ts)
process.env.PLUGIN_EXTRA_DIRS ??= 'tests/fixtures/sample-channel'

import { register } from 'node:module'
import { Ignitor, prettyPrintError } from '@adonisjs/core'

// unit tests import the remotes' pure logic, which names the kit as @balcao/ui/core
register('../../tests/helpers/ui_alias_hook.mjs', import.meta.url)
import { configure, processCLIArgs, run } from '@japa/runner'
import { APP_ROOT, IMPORTER } from './_ignite.js'

new Ignitor(APP_ROOT, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import('#start/env')
    })
    app.listen('SIGTERM', () => app.terminate())
    app.listenIf(app.managedByPm2, 'SIGINT', () => app.terminate())
  })
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('../../tests/bootstrap.js')
    processCLIArgs(process.argv.splice(2))
    configure({
      ...app.rcFile.tests,
      ...config,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => app.terminate()]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
