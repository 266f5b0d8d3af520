import { test } from '@japa/runner'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
// @ts-expect-error plain ESM launcher without types
import { startEmbeddedPostgres } from '../../database/embedded_postgres.mjs'
import { freePort } from '#tests/helpers/processes'

test.group('embedded PostgreSQL (npm start without DATABASE_URL)', () => {
  test('initialises a cluster, creates the database and serves queries', async ({ assert }) => {
    const parent = mkdtempSync(join(tmpdir(), 'balcao-pg-'))
    const { chmodSync } = await import('node:fs')
    chmodSync(parent, 0o755)
    const server = await startEmbeddedPostgres({ dir: join(parent, 'pg'), port: await freePort(), database: 'balcao' })
    try {
      const client = new pg.Client({ connectionString: server.url })
      await client.connect()
      const r = await client.query('select current_database() as db, version() as v')
      await client.end()
      assert.equal(r.rows[0].db, 'balcao')
      assert.match(r.rows[0].v, /PostgreSQL 1[5-9]/)
    } finally {
      await server.stop()
      rmSync(parent, { recursive: true, force: true })
    }
  }).timeout(60000)

  test('a server left running by a killed npm start is stopped and the cluster starts again', async ({ assert }) => {
    const parent = mkdtempSync(join(tmpdir(), 'balcao-pg-'))
    const { chmodSync } = await import('node:fs')
    chmodSync(parent, 0o755)
    const options = { dir: join(parent, 'pg'), port: await freePort(), database: 'balcao' }
    // the first start's server keeps running, as when its parent process was killed
    await startEmbeddedPostgres(options)
    const server = await startEmbeddedPostgres(options)
    try {
      const client = new pg.Client({ connectionString: server.url })
      await client.connect()
      const r = await client.query('select current_database() as db')
      await client.end()
      assert.equal(r.rows[0].db, 'balcao')
    } finally {
      await server.stop()
      rmSync(parent, { recursive: true, force: true })
    }
  }).timeout(90000)
})
