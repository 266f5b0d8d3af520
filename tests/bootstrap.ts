import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { createNodeServer } from '#services/node_server'
import { killStartedProcesses } from '#tests/helpers/processes'

export const plugins: Config['plugins'] = [assert(), apiClient(), pluginAdonisJS(app)]

/**
 * The database is dropped and recreated by scripts/test.mjs before the run;
 * here it is migrated and seeded once. Tests create their own companies, so
 * they never depend on each other's rows.
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [
    async () => {
      const ace = await app.container.make('ace')
      await ace.exec('migration:run', ['--force'])
      await ace.exec('db:seed', [])
    },
  ],
  teardown: [],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    // a test past its timeout never reaches its finally: the API, worker and Redis processes it
    // started must not outlive it (they would take the jobs of the tests after it)
    suite.onGroup((group) => group.each.teardown(() => killStartedProcesses()))
    suite.onTest((t) => t.teardown(() => killStartedProcesses()))
    return suite.setup(() => testUtils.httpServer().start((handler) => createNodeServer(handler)))
  }
}
