import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import { pluginMigrationPaths } from '../core/plugins.js'

export default defineConfig({
  connection: 'pg',
  prettyPrintDebugQueries: true,
  connections: {
    pg: {
      client: 'pg',
      connection: env.get('DATABASE_URL'),
      // above the inbound worker concurrency (16) so jobs never wait for a connection
      pool: { min: 0, max: 20 },
      migrations: {
        naturalSort: true,
        // one ordered run: the core first, then every plugin folder
        paths: ['./database/migrations', ...pluginMigrationPaths],
      },
      seeders: { paths: ['./database/seeders'] },
      schemaGeneration: { enabled: false },
    },
  },
})
