import { test } from '@japa/runner'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
// @ts-expect-error plain ESM launcher without types
import { startEmbeddedPostgres } from '../../database/embedded_postgres.mjs'
import { freePort } from '#tests/helpers/processes'

/** A fresh directory for a cluster (readable by the server's user) and the options to start it there. */
async function clusterDir() {
  const parent = mkdtempSync(join(tmpdir(), 'balcao-pg-'))
  chmodSync(parent, 0o755)
  return { parent, options: { dir: join(parent, 'pg'), port: await freePort(), database: 'balcao' } }
}

/** The database a connection lands in, and the server's version. */
async function ask(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query('select current_database() as db, version() as v')).rows[0] as { db: string; v: string }
  } finally {
    await client.end()
  }
}

test.group('embedded PostgreSQL (npm start without DATABASE_URL)', () => {
  test('initialises a cluster, creates the database and serves queries', async ({ assert }) => {
    const { parent, options } = await clusterDir()
    const server = await startEmbeddedPostgres(options)
    try {
      const r = await ask(server.url)
      assert.equal(r.db, 'balcao')
      assert.match(r.v, /PostgreSQL 1[5-9]/)
    } finally {
      await server.stop()
      rmSync(parent, { recursive: true, force: true })
    }
  }).timeout(60000)

  test('a server left running by a killed npm start is stopped and the cluster starts again', async ({ assert }) => {
    const { parent, options } = await clusterDir()
    // the first start's server keeps running, as when its parent process was killed
    await startEmbeddedPostgres(options)
    const server = await startEmbeddedPostgres(options)
    try {
      assert.equal((await ask(server.url)).db, 'balcao')
    } finally {
      await server.stop()
      rmSync(parent, { recursive: true, force: true })
    }
  }).timeout(90000)
})
