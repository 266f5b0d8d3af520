import { test } from '@japa/runner'
import { Batch } from '#core/batch'
import { tenancy } from '#core/tenancy'

test.group('Batch (one statement per turn)', () => {
  test("a turn's calls flush together, per company, inside that company's scope, each with its own result", async ({
    assert,
  }) => {
    const flushes: { company: number | null; items: number[] }[] = []
    const batch = new Batch<number, string>(
      async (items) => {
        flushes.push({ company: tenancy.companyId() ?? null, items })
        return items.map((i) => `r${i}`)
      },
      { max: 3 }
    )
    const results = await Promise.all([
      tenancy.run(1, () => batch.add(10)),
      tenancy.run(2, () => batch.add(20)),
      tenancy.run(1, () => batch.add(11)),
      tenancy.run(1, () => batch.add(12)),
      tenancy.run(1, () => batch.add(13)),
    ])
    assert.deepEqual(results, ['r10', 'r20', 'r11', 'r12', 'r13'])
    assert.sameDeepMembers(flushes, [
      { company: 1, items: [10, 11, 12] },
      { company: 1, items: [13] },
      { company: 2, items: [20] },
    ])
    // a later turn is a new batch
    await tenancy.run(1, () => batch.add(14))
    assert.lengthOf(flushes, 4)
  })

  test('a failed flush fails each of its calls, and only those', async ({ assert }) => {
    const batch = new Batch<number, number>(async (items) => {
      if (items.includes(0)) throw new Error('boom')
      return items
    })
    const [bad, alsoBad, good] = await Promise.allSettled([
      tenancy.run(1, () => batch.add(0)),
      tenancy.run(1, () => batch.add(5)),
      tenancy.run(2, () => batch.add(7)),
    ])
    assert.equal(bad.status, 'rejected')
    assert.equal(alsoBad.status, 'rejected')
    assert.deepEqual(good, { status: 'fulfilled', value: 7 })
  })
})
