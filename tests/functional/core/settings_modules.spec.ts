import { test } from '@japa/runner'
import { createPlan, createTenant, createUser, superSession } from '#tests/helpers/world'
import FeatureMiddleware from '#middleware/feature_middleware'
import { AppError } from '#core/errors'

test.group('settings', () => {
  test('defaults of a new company, read as list, object and one column', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const list = await client.get('/settings').bearerToken(adminToken)
    const map = Object.fromEntries(list.body().map((s: any) => [s.key, s.value]))
    assert.equal(map.userCreation, 'enabled')
    assert.equal(map.sendGreetingAccepted, 'enabled')
    assert.equal(map.scheduleType, 'disabled')
    assert.equal(map.lgpdMessage, '')
    const whole = await client.get(`/companySettings/${company.id}`).bearerToken(adminToken)
    assert.equal(whole.body().acceptCallWhatsapp, 'enabled')
    const one = await client.get('/companySettingOne').bearerToken(adminToken).qs({ column: 'lgpdHideNumber' })
    assert.deepEqual(one.body(), { lgpdHideNumber: 'disabled' })
    const unknown = await client.get('/companySettingOne').bearerToken(adminToken).qs({ column: 'x; drop table users' })
    unknown.assertStatus(404)
    unknown.assertBodyContains({ error: 'ERR_NO_SETTING_FOUND' })
  })

  test('admins change company settings with validated values; users cannot', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { token } = await createUser(company)
    const r = await client.put('/settings/scheduleType').bearerToken(adminToken).json({ value: 'queue' })
    r.assertStatus(200)
    ;(await client.put('/settings/scheduleType').bearerToken(adminToken).json({ value: 'sometimes' })).assertStatus(422)
    ;(await client.put('/settings/scheduleType').bearerToken(token).json({ value: 'company' })).assertStatus(403)
    ;(
      await client.put('/companySettings').bearerToken(token).json({ column: 'requiredTag', data: 'enabled' })
    ).assertStatus(403)
    const c = await client
      .put('/companySettings')
      .bearerToken(adminToken)
      .json({ column: 'lgpdMessage', data: 'Aceita?' })
    assert.deepEqual(c.body(), { lgpdMessage: 'Aceita?' })
    ;(await client.put('/companySettings').bearerToken(adminToken).json({ column: 'nope', data: 'x' })).assertStatus(
      404
    )
    const other = await createTenant()
    const theirs = await client.get('/companySettingOne').bearerToken(other.adminToken).qs({ column: 'lgpdMessage' })
    assert.equal(theirs.body().lgpdMessage, '')
    ;(await client.get(`/companySettings/${company.id}`).bearerToken(other.adminToken)).assertStatus(403)
  })

  test('userCreation is global and only the super user changes it', async ({ client }) => {
    const { adminToken } = await createTenant()
    const { token } = await superSession()
    ;(await client.put('/settings/userCreation').bearerToken(adminToken).json({ value: 'disabled' })).assertStatus(403)
    ;(await client.put('/settings/userCreation').bearerToken(token).json({ value: 'enabled' })).assertStatus(200)
    ;(await client.get('/setting/userCreation').bearerToken(adminToken)).assertBodyContains({ value: 'enabled' })
    ;(await client.get('/setting/lgpdMessage').bearerToken(adminToken)).assertStatus(404)
  })
})

test.group('modules and plan flags', () => {
  test('GET /modules lists the enabled modules with menu and remote entry, filtered by role', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const { token } = await createUser(company)
    const asAdmin = await client.get('/modules').bearerToken(adminToken)
    asAdmin.assertStatus(200)
    const helps = asAdmin.body().modules.find((m: any) => m.name === 'helps')
    assert.equal(helps.remote.entry, '/remotes/helps/remoteEntry.js')
    assert.deepEqual(
      helps.menu.map((e: any) => e.path),
      ['/helps']
    )
    const admin = asAdmin.body().modules.find((m: any) => m.name === 'admin')
    assert.include(
      admin.menu.map((e: any) => e.path),
      '/users'
    )
    assert.notInclude(
      admin.menu.map((e: any) => e.path),
      '/companies'
    )
    const asUser = await client.get('/modules').bearerToken(token)
    const userAdmin = asUser.body().modules.find((m: any) => m.name === 'admin')
    assert.notInclude(
      userAdmin.menu.map((e: any) => e.path),
      '/users'
    )
    const ann = asUser.body().modules.find((m: any) => m.name === 'announcements')
    assert.deepEqual(ann.menu, [])
  })

  test('the feature middleware answers 403 ERR_PLAN_FEATURE_DISABLED when the plan flag is off', async ({ assert }) => {
    const plan = await createPlan({ useCampaigns: false })
    const middleware = new FeatureMiddleware()
    const ctx: any = { actor: { company: { plan } } }
    let called = false
    try {
      await middleware.handle(ctx, async () => void (called = true), { flag: 'useCampaigns' })
      assert.fail('expected a refusal')
    } catch (error) {
      assert.instanceOf(error, AppError)
      assert.equal((error as AppError).code, 'ERR_PLAN_FEATURE_DISABLED')
      assert.equal((error as AppError).status, 403)
    }
    assert.isFalse(called)
    await middleware.handle(ctx, async () => void (called = true), { flag: 'useKanban' })
    assert.isTrue(called)
  })

  test('version and bad routes', async ({ client, assert }) => {
    const v = await client.get('/version')
    assert.match(v.body().version, /^\d+\.\d+\.\d+/)
    const { adminToken } = await createTenant()
    const missing = await client.get('/nope').bearerToken(adminToken)
    missing.assertStatus(404)
    missing.assertBodyContains({ error: 'ERR_NOT_FOUND' })
    const badJson = await client
      .post('/auth/login')
      .header('content-type', 'application/json')
      .json('{not json' as any)
    assert.isBelow(badJson.status(), 500)
  })
})

test.group('modules for an expired company', () => {
  test('only the invoices page is listed, with no menu', async ({ client, assert }) => {
    const { adminToken } = await createTenant({ dueInDays: -1 })
    const r = await client.get('/modules').bearerToken(adminToken)
    r.assertStatus(200)
    assert.isTrue(r.body().blocked)
    assert.deepEqual(
      r.body().modules.map((m: any) => [m.name, m.menu.length, m.remote.routes]),
      [['invoices', 0, ['/financeiro-aberto']]]
    )
  })
})

test.group('module manifest and plan flags', () => {
  test('a module whose plan flag is off is not listed, so its remote is never offered', async ({ assert }) => {
    const { manifestFor } = await import('#services/module_registry')
    const campaigns = {
      name: 'campaigns',
      feature: 'useCampaigns' as const,
      menu: [{ path: '/campaigns', label: 'menu.campaigns' }],
      remote: { name: 'campaigns', expose: './App', routes: ['/campaigns'] },
    }
    const onPlan = await createPlan({ useCampaigns: true })
    const offPlan = await createPlan({ useCampaigns: false })
    const { admin } = await createTenant({ plan: onPlan })
    assert.deepEqual(
      manifestFor(admin, onPlan, [campaigns]).map((m) => m.remote?.entry),
      ['/remotes/campaigns/remoteEntry.js']
    )
    assert.deepEqual(manifestFor(admin, offPlan, [campaigns]), [])
    const superOnly = { ...campaigns, feature: null, superOnly: true }
    assert.deepEqual(manifestFor(admin, onPlan, [superOnly]), [])
  })
})

test.group('channels for the connections screen', () => {
  test('only channels whose session signs in from a phone offer a new QR code', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const r = await client.get('/modules').bearerToken(adminToken)
    const qr = Object.fromEntries(r.body().channels.map((c: any) => [c.name, c.qrLogin]))
    assert.isTrue(qr.whatsapp)
    for (const name of ['api', 'webchat', 'telegram', 'email', 'whatsappapi']) {
      if (name in qr) assert.isFalse(qr[name], name)
    }
  })
})
