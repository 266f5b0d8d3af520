import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { tenancy } from '#core/tenancy'
import { createPlan, createTenant, createUser, superSession } from '#tests/helpers/world'
import { generateInvoices } from '../billing.js'

const daysFromToday = (n: number) => {
  const d = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/Sao_Paulo' }))
  d.setDate(d.getDate() + n)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

async function expiredTenant(recurrence: string | null, status = true) {
  const plan = await createPlan({ amount: 149.9 })
  const world = await createTenant({ plan })
  const due = daysFromToday(-5)
  await db.from('companies').where('id', world.company.id).update({ due_date: due, recurrence, status })
  return { world, due, plan }
}

test.group('invoices', () => {
  test('an expired company sees what is due, and nothing else opens', async ({ client, assert }) => {
    const { world, due, plan } = await expiredTenant('MENSAL')
    const user = await createUser(world.company)
    ;(await client.get('/dashboard').bearerToken(world.adminToken)).assertStatus(402)
    const r = await client.get('/invoices').bearerToken(user.token)
    r.assertStatus(200)
    assert.lengthOf(r.body().invoices, 1)
    assert.deepInclude(r.body().invoices[0], { dueDate: due, amount: 149.9, status: 'overdue', detail: plan.name })
    assert.deepInclude(r.body().company, { dueDate: due, expired: true })
  })

  test('paying advances the due date by the recurrence and unblocks the company at once', async ({
    client,
    assert,
  }) => {
    const { world, due } = await expiredTenant('TRIMESTRAL', false)
    const { token } = await superSession()
    ;(await client.get('/dashboard').bearerToken(world.adminToken)).assertStatus(402)
    const [invoice] = (await client.get('/invoices').bearerToken(world.adminToken)).body().invoices

    ;(await client.put(`/invoices/${invoice.id}/pay`).bearerToken(world.adminToken)).assertStatus(403)
    const paid = await client.put(`/invoices/${invoice.id}/pay`).bearerToken(token)
    paid.assertStatus(200)
    // months as the calendar has them: Nov 30 + 3 months is Feb 28, not Mar 2
    const next = DateTime.fromISO(due).plus({ months: 3 }).toISODate()
    assert.equal(paid.body().dueDate, next)
    const company = await db.from('companies').where('id', world.company.id).first()
    assert.isTrue(company.status)

    // no waiting for a cache to expire
    ;(await client.get('/dashboard').bearerToken(world.adminToken)).assertStatus(200)
    const list = (await client.get('/invoices').bearerToken(world.adminToken)).body()
    assert.deepEqual(
      list.invoices.map((i: any) => [i.dueDate, i.status]),
      [
        [next, 'open'],
        [due, 'paid'],
      ]
    )
    assert.isFalse(list.company.expired)

    const again = await client.put(`/invoices/${invoice.id}/pay`).bearerToken(token)
    again.assertStatus(409)
    assert.equal(again.body().error, 'ERR_INVOICE_ALREADY_PAID')
    ;(await client.put('/invoices/2000000000/pay').bearerToken(token)).assertStatus(404)
    ;(await client.put('/invoices/abc/pay').bearerToken(token)).assertStatus(404)
  })

  test('a company without recurrence pays monthly; an old invoice does not move the date twice', async ({
    client,
    assert,
  }) => {
    const { world, due } = await expiredTenant(null)
    const { token } = await superSession()
    const [invoice] = (await client.get('/invoices').bearerToken(world.adminToken)).body().invoices
    const old = await db
      .table('invoices')
      .insert({ company_id: world.company.id, due_date: '2020-01-10', amount: 1, detail: 'old' })
      .returning('id')
    const first = await client.put(`/invoices/${invoice.id}/pay`).bearerToken(token)
    assert.equal(first.body().dueDate, DateTime.fromISO(due).plus({ months: 1 }).toISODate())
    const second = await client.put(`/invoices/${old[0].id}/pay`).bearerToken(token)
    second.assertStatus(200)
    assert.equal(second.body().dueDate, first.body().dueDate)
  })

  test('the sweep makes each company’s current invoice once; company 1 never pays', async ({ assert }) => {
    const { world } = await expiredTenant('MENSAL')
    await tenancy.asSystem(() => generateInvoices())
    await tenancy.asSystem(() => generateInvoices())
    const rows = await db.from('invoices').where('company_id', world.company.id)
    assert.lengthOf(rows, 1)
    assert.lengthOf(await db.from('invoices').where('company_id', 1), 0)
  })

  test('the super user lists every company’s invoices by status', async ({ client, assert }) => {
    const { world } = await expiredTenant('MENSAL')
    const { token } = await superSession()
    await tenancy.asSystem(() => generateInvoices(world.company.id))
    const mine = (r: any) => r.body().invoices.filter((i: any) => i.companyId === world.company.id)
    const overdue = await client.get('/invoices/all').bearerToken(token).qs({ status: 'overdue' })
    overdue.assertStatus(200)
    assert.lengthOf(mine(overdue), 1)
    assert.equal(mine(overdue)[0].companyName, world.company.name)
    const paid = await client.get('/invoices/all').bearerToken(token).qs({ status: 'paid' })
    assert.lengthOf(mine(paid), 0)
    ;(await client.get('/invoices/all').bearerToken(token).qs({ status: 'late' })).assertStatus(422)
    ;(await client.get('/invoices/all').bearerToken(world.adminToken)).assertStatus(403)
  })
})
