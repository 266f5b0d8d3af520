import env from '#start/env'
import { defineConfig } from '@adonisjs/lucid'
import { pluginMigrationPaths } from '../core/plugins.js'

/** how long an idle connection stays in a pool (npm test runs several processes on one server) */
export const POOL_IDLE_MS = Math.max(1000, env.get('DB_POOL_IDLE_MS') ?? 30_000)

export default defineConfig({
  connection: 'pg',
  prettyPrintDebugQueries: true,
  connections: {
    pg: {
      client: 'pg',
      // node-postgres' startup `options` (knex types `options` as MSSQL's): short OLTP statements,
      // which JIT compilation (100+ ms) only ever slows down (docs/performance.md)
      connection: { connectionString: env.get('DATABASE_URL'), options: '-c jit=off' } as unknown as {
        connectionString: string
      },
      // above the inbound worker concurrency (16) so jobs never wait for a connection
      pool: { min: 0, max: 20, idleTimeoutMillis: POOL_IDLE_MS },
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
