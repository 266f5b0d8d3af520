import { test } from '@japa/runner'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UnitOfWork } from '#core/unit_of_work'

// a transaction is only a key here: the units under test never query
const fakeTrx = () => ({}) as TransactionClientContract

test.group('UnitOfWork: per-transaction lookups and gatherings', () => {
  test('collect: the units of one transaction share one run over all their items, after the commit', async ({
    assert,
  }) => {
    const trx = fakeTrx()
    const runs: number[][] = []
    const run = async (items: number[]) => {
      runs.push(items)
      return new Map(items.map((i) => [i, `view ${i}`]))
    }
    const units = [new UnitOfWork(trx), new UnitOfWork(trx), new UnitOfWork(trx)]
    const seen: string[] = []
    units.forEach((u, k) => {
      const views = u.collect('views:1', k + 10, run)
      u.afterCommit(async () => seen.push((await views()).get(k + 10)!))
    })
    // another key and another transaction are gathered apart
    const other = new UnitOfWork(fakeTrx())
    const alone = other.collect('views:1', 99, run)
    for (const u of units) await u.runAfterCommit()
    assert.deepEqual(runs, [[10, 11, 12]])
    assert.deepEqual(seen, ['view 10', 'view 11', 'view 12'])
    assert.equal((await alone()).get(99), 'view 99')
    assert.deepEqual(runs, [[10, 11, 12], [99]])
  })

  test('collect: an item given after its gathering ran starts a new one', async ({ assert }) => {
    const trx = fakeTrx()
    const runs: number[][] = []
    const run = async (items: number[]) => void runs.push(items)
    const a = new UnitOfWork(trx)
    await a.collect('k', 1, run)()
    await new UnitOfWork(trx).collect('k', 2, run)()
    assert.deepEqual(runs, [[1], [2]])
  })

  test('memo: a thenable (a query builder) is run once, however often it is awaited', async ({ assert }) => {
    const trx = fakeTrx()
    let executed = 0
    const builder = {
      then(resolve: (v: string) => void) {
        executed++
        resolve('rows')
      },
    }
    const load = () => builder as unknown as Promise<string>
    const u1 = new UnitOfWork(trx)
    const u2 = new UnitOfWork(trx)
    assert.equal(await u1.memo('q', load), 'rows')
    assert.equal(await u1.memo('q', load), 'rows')
    assert.equal(await u2.memo('q', load), 'rows')
    assert.equal(executed, 1)
  })
})
