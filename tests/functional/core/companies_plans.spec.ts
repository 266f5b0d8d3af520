import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPlan, createTenant, superSession, uid } from '#tests/helpers/world'

test.group('companies', () => {
  test('the super user creates a company with its admin and settings in one go', async ({ client, assert }) => {
    const { token } = await superSession()
    const plan = await createPlan()
    const email = `co-${uid()}@example.test`
    const r = await client
      .post('/companies')
      .bearerToken(token)
      .json({
        name: `Loja ${uid()}`,
        email,
        planId: plan.id,
        phone: '5511912345678',
        dueDate: '2030-01-31',
        recurrence: 'MENSAL',
        usersLimit: 3,
        campaignsEnabled: false,
      })
    r.assertStatus(201)
    assert.equal(r.body().dueDate, '2030-01-31')
    assert.equal(r.body().plan.id, plan.id)
    const admin = await db.from('users').where('company_id', r.body().id).first()
    assert.equal(admin.email, email)
    assert.equal(admin.profile, 'admin')
    const setting = await db
      .from('company_settings')
      .where({ company_id: r.body().id, key: 'campaignsEnabled' })
      .first()
    assert.equal(setting.value, 'false')
  })

  test('a failure leaves nothing half-written', async ({ client, assert }) => {
    const { token } = await superSession()
    const taken = await createTenant()
    const before = await db.from('companies').count('* as n')
    const r = await client
      .post('/companies')
      .bearerToken(token)
      .json({ name: `Nova ${uid()}`, email: taken.admin.email, planId: taken.company.planId })
    r.assertStatus(409)
    const after = await db.from('companies').count('* as n')
    assert.equal(after[0].n, before[0].n)
    const bad = await client.post('/companies').bearerToken(token).json({ name: 'X', email: 'bad', planId: 999999 })
    bad.assertStatus(422)
    const noPlan = await client
      .post('/companies')
      .bearerToken(token)
      .json({ name: `Sem plano ${uid()}`, email: `x-${uid()}@x.test`, planId: 999999 })
    noPlan.assertStatus(404)
    noPlan.assertBodyContains({ error: 'ERR_NO_PLAN_FOUND' })
  })

  test('update: due date, empty due date as null, company 1 stays active and undeletable', async ({
    client,
    assert,
  }) => {
    const { token } = await superSession()
    const { company } = await createTenant()
    const r = await client
      .put(`/companies/${company.id}`)
      .bearerToken(token)
      .json({ dueDate: '2031-05-10', recurrence: 'ANUAL' })
    r.assertStatus(200)
    assert.equal(r.body().dueDate, '2031-05-10')
    // a blank optional field is no value (issue 15 #4): the due date is cleared
    const cleared = await client.put(`/companies/${company.id}`).bearerToken(token).json({ dueDate: '' })
    cleared.assertStatus(200)
    assert.isNull(cleared.body().dueDate)
    const nulled = await client.put(`/companies/${company.id}`).bearerToken(token).json({ dueDate: null })
    assert.isNull(nulled.body().dueDate)
    ;(await client.put('/companies/1').bearerToken(token).json({ status: false })).assertStatus(422)
    ;(await client.delete('/companies/1').bearerToken(token)).assertStatus(422)
    const one = await client.get('/companies/1').bearerToken(token)
    assert.equal(one.body().dueDate, '2999-12-31')
  })

  test('an admin cannot change their own company plan or due date', async ({ client }) => {
    const { company, adminToken } = await createTenant()
    ;(
      await client.put(`/companies/${company.id}`).bearerToken(adminToken).json({ dueDate: '2999-01-01' })
    ).assertStatus(403)
    ;(await client.get(`/companies/listPlan/${company.id}`).bearerToken(adminToken)).assertStatus(200)
  })

  test('paged list with search', async ({ client, assert }) => {
    const { token } = await superSession()
    const { company } = await createTenant()
    const r = await client.get('/companiesPlan').bearerToken(token).qs({ searchParam: company.name, pageNumber: 1 })
    r.assertStatus(200)
    assert.lengthOf(r.body().companies, 1)
    assert.equal(r.body().companies[0].plan.id, company.planId)
  })

  test('schedules are validated', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const bad = await client
      .put(`/companies/${company.id}/schedules`)
      .bearerToken(adminToken)
      .json({
        schedules: [{ weekday: 'Segunda', weekdayEn: 'funday', startTimeA: '25:00' }],
      })
    bad.assertStatus(422)
    const ok = await client
      .put(`/companies/${company.id}/schedules`)
      .bearerToken(adminToken)
      .json({
        schedules: [
          {
            weekday: 'Segunda',
            weekdayEn: 'monday',
            startTimeA: '08:00',
            endTimeA: '12:00',
            startTimeB: '13:00',
            endTimeB: '18:00',
          },
        ],
      })
    ok.assertStatus(200)
    assert.equal(ok.body().schedules[0].endTimeB, '18:00')
  })
})

test.group('plans', () => {
  test('CRUD with every flag; public list; a plan in use cannot be deleted', async ({ client, assert }) => {
    const { token } = await superSession()
    const r = await client
      .post('/plans')
      .bearerToken(token)
      .json({
        name: `Básico ${uid()}`,
        users: 3,
        connections: 1,
        queues: 2,
        amount: 49.9,
        useCampaigns: false,
        useKanban: false,
      })
    r.assertStatus(201)
    assert.isFalse(r.body().useCampaigns)
    assert.isTrue(r.body().useWhatsapp)
    assert.equal(r.body().amount, 49.9)
    const id = r.body().id
    const up = await client.put(`/plans/${id}`).bearerToken(token).json({ useOpenAi: false, isPublic: false })
    assert.isFalse(up.body().useOpenAi)
    const pub = await client.get('/plans/list')
    assert.isFalse(pub.body().some((p: any) => p.id === id))
    const { company } = await createTenant()
    ;(await client.delete(`/plans/${company.planId}`).bearerToken(token)).assertStatus(409)
    ;(await client.delete(`/plans/${id}`).bearerToken(token)).assertStatus(204)
    ;(await client.post('/plans').bearerToken(token).json({ name: 'x', users: -1, amount: 'a' })).assertStatus(422)
  })
})
