/**
 * #core/prepared: a marked query is parsed once per connection; a statement a
 * migration made stale fails once, and the connection prepares it again; a
 * connection drops its statements every PREPARED_TUNING.replanMs.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import pg from 'pg'
import env from '#start/env'
import { prepared, PREPARED_TUNING } from '#core/prepared'

const ours = async (run: (sql: string) => Promise<{ rows: any[] }>) =>
  (await run(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'b%'`)).rows

/** A pg client of our own (one connection), with the statement naming installed by prepared(). */
async function withClient(run: (client: InstanceType<typeof pg.Client>) => Promise<void>) {
  prepared(db.rawQuery('SELECT 1'))
  const client = new pg.Client({ connectionString: env.get('DATABASE_URL') })
  await client.connect()
  try {
    await run(client)
  } finally {
    await client.end()
  }
}

test.group('prepared statements', () => {
  test('a marked query runs under one name per text; an unmarked one is not kept', async ({ assert }) => {
    await db.transaction(async (trx) => {
      for (let i = 0; i < 3; i++) {
        const r = await prepared(trx.rawQuery('SELECT ?::int + 1 AS n', [i]))
        assert.equal(r.rows[0].n, i + 1)
      }
      await prepared(db.from('companies').useTransaction(trx).where('id', 1).select('id')).first()
      await trx.rawQuery('SELECT ?::int + 2 AS n', [1])
      // the pool's connection may keep other statements prepared earlier
      const kept = (await ours((sql) => trx.rawQuery(sql))).map((k: any) => k.statement as string)
      assert.lengthOf(
        kept.filter((k) => k.includes('+ 1 AS n')),
        1
      )
      assert.lengthOf(
        kept.filter((k) => k.includes('from "companies"')),
        1
      )
      assert.lengthOf(
        kept.filter((k) => k.includes('+ 2 AS n')),
        0
      )
    })
  })

  test('a statement made stale by a migration runs again prepared (at once outside a transaction)', async ({
    assert,
  }) => {
    // a client of our own keeps one connection
    await withClient(async (client) => {
      await client.query('CREATE TEMP TABLE prepared_probe (a int)')
      await client.query('INSERT INTO prepared_probe VALUES (1)')
      const probe = () =>
        client.query({ text: 'SELECT * FROM prepared_probe WHERE a = $1', values: [1], prepare: true } as any)
      assert.deepEqual((await probe()).rows, [{ a: 1 }])
      await client.query('ALTER TABLE prepared_probe ADD COLUMN b int')
      assert.deepEqual((await probe()).rows, [{ a: 1, b: null }])

      // inside a transaction the failure is the caller's: the transaction is lost, the next one works
      await client.query('ALTER TABLE prepared_probe ADD COLUMN c int')
      await client.query('BEGIN')
      const error = await probe().then(
        () => null,
        (e) => e
      )
      assert.equal(error?.code, '0A000')
      await client.query('ROLLBACK')
      assert.deepEqual((await probe()).rows, [{ a: 1, b: null, c: null }])
      const kept = await ours((sql) => client.query(sql))
      assert.deepEqual(kept.map((k: any) => k.name.split('_')[0]).sort(), ['b0', 'b1', 'b2'])
    })
  })

  test('a connection keeps at most 200 statements; texts past that run unnamed', async ({ assert }) => {
    await withClient(async (client) => {
      for (let i = 0; i < 205; i++) {
        const r = await client.query({ text: `SELECT $1::int + ${i} AS n`, values: [1], prepare: true } as any)
        assert.equal(r.rows[0].n, 1 + i)
      }
      assert.lengthOf(await ours((sql) => client.query(sql)), 200)
    })
  })

  test('a connection prepares its statements again after replanMs (a generic plan never outlives its tables by more)', async ({
    assert,
  }) => {
    const keep = PREPARED_TUNING.replanMs
    await withClient(async (client) => {
      const run = (n: number) =>
        client.query({ text: 'SELECT $1::int AS replan_probe', values: [n], prepare: true } as any)
      const preparedAt = async () =>
        (
          await client.query(
            `SELECT prepare_time FROM pg_prepared_statements WHERE statement LIKE '%replan_probe%' AND name LIKE 'b%'`
          )
        ).rows.map((r: any) => r.prepare_time.toISOString())
      await run(1)
      const first = await preparedAt()
      assert.lengthOf(first, 1)
      await run(2)
      assert.deepEqual(await preparedAt(), first)
      PREPARED_TUNING.replanMs = 0
      await new Promise((r) => setTimeout(r, 5))
      assert.equal((await run(3)).rows[0].replan_probe, 3)
      const again = await preparedAt()
      assert.lengthOf(again, 1)
      assert.notDeepEqual(again, first)
      // and it keeps working as a prepared statement
      assert.equal((await run(4)).rows[0].replan_probe, 4)
    }).finally(() => (PREPARED_TUNING.replanMs = keep))
  })
})
