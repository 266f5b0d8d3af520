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
      pool: { min: 0, max: 10 },
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
