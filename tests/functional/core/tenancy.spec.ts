/**
 * The tenant-scoping layer for hand-written SQL: tenantTable() and
 * tenantInsert() filter and stamp by the scope's company and refuse to run
 * outside a scope, like TenantModel queries.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy, tenantInsert, tenantTable, TenantScopeError } from '#core/tenancy'
import { createTenant, uid } from '#tests/helpers/world'

test.group('tenancy: raw SQL entry', () => {
  test('reads, updates and deletes only the scope company rows; inserts are stamped', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const tag = `T ${uid()}`
    await tenancy.run(a.company.id, () => tenantInsert('tags', { name: tag, color: '#112233' }))
    await tenancy.run(b.company.id, () => tenantInsert('tags', [{ name: tag, color: '#445566' }]))
    const seenByA = await tenancy.run(a.company.id, () => tenantTable('tags').where('name', tag))
    assert.lengthOf(seenByA, 1)
    assert.equal(seenByA[0].company_id, a.company.id)
    const aliased = await tenancy.run(a.company.id, () =>
      tenantTable('tags as t').where('t.name', tag).select('t.company_id')
    )
    assert.deepEqual(
      aliased.map((r: any) => r.company_id),
      [a.company.id]
    )
    // planned for a company of any size: the company reaches the query as a parameter, the same rows
    const sizeBlind = await tenancy.run(a.company.id, () =>
      tenantTable('tags as t', db, { sizeBlind: true }).where('t.name', tag).select('t.company_id')
    )
    assert.deepEqual(
      sizeBlind.map((r: any) => r.company_id),
      [a.company.id]
    )
    // an update "by name" from A never touches B's row
    await tenancy.run(a.company.id, () => tenantTable('tags').where('name', tag).update({ color: '#000000' }))
    const bRow = await db.from('tags').where({ company_id: b.company.id, name: tag }).first()
    assert.equal(bRow.color, '#445566')
    await tenancy.run(a.company.id, () => tenantTable('tags').where('name', tag).delete())
    assert.isOk(await db.from('tags').where({ company_id: b.company.id, name: tag }).first())
    // the system scope sees both companies
    const all = await tenancy.asSystem(() => tenantTable('tags').where('name', tag))
    assert.lengthOf(all, 1)
  })

  test('outside a scope, or writing for another company, it throws', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    assert.throws(() => tenantTable('tags'), /outside a tenant scope/)
    await assert.rejects(
      () => tenancy.run(a.company.id, async () => tenantInsert('tags', { name: 'x', company_id: b.company.id })),
      TenantScopeError as any
    )
    assert.throws(() => tenancy.run(a.company.id, () => tenantTable('tags; drop table tags')), /plain table/)
  })
})
