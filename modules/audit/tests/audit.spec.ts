import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import { audit, maskSecrets } from '#core/audit'
import { rateLimiter } from '#core/http'
import { tenancy } from '#core/tenancy'
import { sealSecret } from '#core/secrets'
import { PASSWORD, createPlan, createTenant, createUser, superSession, uid } from '#tests/helpers/world'
import { createConnection, startWorkers, stopWorkers } from '#tests/helpers/inbox'
import { sweepRetention } from '../services/retention.js'
import { rowsOf, seedRow } from './helpers.js'

const UA = 'AuditTest/1.0'

test.group('audit log: rows for each admin action', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('users: create, update (profile, password masked), delete; with actor, ip and user agent', async ({
    client,
    assert,
  }) => {
    const { company, admin, adminToken } = await createTenant()
    const email = `new-${uid()}@example.test`
    const created = await client
      .post('/users')
      .bearerToken(adminToken)
      .header('user-agent', UA)
      .json({ name: 'Nova Pessoa', email, password: 'pass-123456', profile: 'user' })
    created.assertStatus(201)
    const id = created.body().id

    const [create] = await rowsOf(company.id, 'user.create')
    assert.equal(create.actor_id, admin.id)
    assert.equal(create.actor_email, admin.email)
    assert.equal(create.entity, 'user')
    assert.equal(create.entity_id, String(id))
    assert.equal(create.user_agent, UA)
    assert.match(create.ip, /127\.0\.0\.1|::1/)
    assert.equal(create.after.email, email)
    assert.notProperty(create.after, 'password')

    ;(
      await client.put(`/users/${id}`).bearerToken(adminToken).json({ profile: 'admin', password: 'other-123456' })
    ).assertStatus(200)
    const [update] = await rowsOf(company.id, 'user.update')
    assert.deepEqual(update.before, { profile: 'user' })
    assert.deepEqual(update.after, { profile: 'admin' })
    assert.deepEqual(update.details, { passwordChanged: true })
    assert.notInclude(JSON.stringify(update), 'other-123456')

    ;(await client.delete(`/users/${id}`).bearerToken(adminToken)).assertStatus(204)
    const [deleted] = await rowsOf(company.id, 'user.delete')
    assert.equal(deleted.entity_id, String(id))
    assert.equal(deleted.before.email, email)
  })

  test('settings: before and after of the key', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    ;(await client.put('/settings/auditRetentionDays').bearerToken(adminToken).json({ value: '90' })).assertStatus(200)
    const [row] = await rowsOf(company.id, 'settings.update')
    assert.equal(row.entity_id, 'auditRetentionDays')
    assert.deepEqual(row.before, { auditRetentionDays: '365' })
    assert.deepEqual(row.after, { auditRetentionDays: '90' })
    ;(
      await client.put('/companySettings').bearerToken(adminToken).json({ column: 'auditRetentionDays', data: '60' })
    ).assertStatus(200)
    assert.deepEqual((await rowsOf(company.id, 'settings.update'))[0].after, { auditRetentionDays: '60' })
  })

  test('sign-in, failed sign-in (wrong password: the company; unknown e-mail: the platform)', async ({
    client,
    assert,
  }) => {
    const { company, admin } = await createTenant()
    ;(await client.post('/auth/login').json({ email: admin.email, password: 'wrong-pass' })).assertStatus(401)
    const [failed] = await rowsOf(company.id, 'auth.sign_in_failed')
    assert.isNull(failed.actor_id)
    assert.equal(failed.entity_id, String(admin.id))
    assert.equal(failed.details.reason, 'ERR_INVALID_CREDENTIALS')
    assert.notInclude(JSON.stringify(failed), 'wrong-pass')

    const ghost = `ghost-${uid()}@example.test`
    ;(await client.post('/auth/login').json({ email: ghost, password: 'x-123456' })).assertStatus(401)
    const platform = await db.from('audit_logs').whereNull('company_id').whereRaw(`details->>'email' = ?`, [ghost])
    assert.lengthOf(platform, 1)
    assert.isNull(platform[0].actor_id)

    ;(
      await client.post('/auth/login').header('user-agent', UA).json({ email: admin.email, password: PASSWORD })
    ).assertStatus(200)
    const [ok] = await rowsOf(company.id, 'auth.sign_in')
    assert.equal(ok.actor_id, admin.id)
    assert.equal(ok.user_agent, UA)
  })

  test('companies and plans are platform rows; company schedules are the company’s', async ({ client, assert }) => {
    const { token } = await superSession()
    const plan = await createPlan()
    const name = `Audited ${uid()}`
    const c = await client
      .post('/companies')
      .bearerToken(token)
      .json({ name, email: `a-${uid()}@example.test`, planId: plan.id, password: 'pass-123456' })
    c.assertStatus(201)
    const companyId = c.body().id
    ;(
      await client
        .put(`/companies/${companyId}`)
        .bearerToken(token)
        .json({ name: `${name} 2` })
    ).assertStatus(200)
    ;(await client.delete(`/companies/${companyId}`).bearerToken(token)).assertStatus(204)
    const rows = await rowsOf(null).where('entity', 'company').where('entity_id', String(companyId))
    assert.sameMembers(
      rows.map((r) => r.action),
      ['company.create', 'company.update', 'company.delete']
    )
    assert.deepEqual(rows.find((r) => r.action === 'company.update').after, { name: `${name} 2` })

    const p = await client
      .post('/plans')
      .bearerToken(token)
      .json({ name: `Plan ${uid()}`, users: 3, connections: 1, queues: 1, amount: 10 })
    p.assertStatus(201)
    ;(await client.put(`/plans/${p.body().id}`).bearerToken(token).json({ users: 5 })).assertStatus(200)
    ;(await client.delete(`/plans/${p.body().id}`).bearerToken(token)).assertStatus(204)
    const planRows = await rowsOf(null).where('entity', 'plan').where('entity_id', String(p.body().id))
    assert.sameMembers(
      planRows.map((r) => r.action),
      ['plan.create', 'plan.update', 'plan.delete']
    )

    const t = await createTenant()
    ;(
      await client
        .put(`/companies/${t.company.id}/schedules`)
        .bearerToken(t.adminToken)
        .json({
          schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTimeA: '08:00', endTimeA: '12:00' }],
        })
    ).assertStatus(200)
    assert.lengthOf(await rowsOf(t.company.id, 'company.schedules'), 1)
  })

  test('connections and queues: create, update, delete; secrets never stored', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const conn = await createConnection(company, { name: `C ${uid()}` } as any)
    ;(
      await client
        .put(`/whatsapp/${conn.id}`)
        .bearerToken(adminToken)
        .json({ name: 'Renamed', token: 'TokSecret1234567890abcdefghijk' })
    ).assertStatus(200)
    ;(await client.delete(`/whatsapp/${conn.id}`).bearerToken(adminToken)).assertStatus(204)
    const conns = await rowsOf(company.id).where('entity', 'connection')
    assert.sameMembers(
      conns.map((r) => r.action),
      ['connection.update', 'connection.delete']
    )
    const update = conns.find((r) => r.action === 'connection.update')
    assert.equal(update.after.name, 'Renamed')
    assert.notInclude(JSON.stringify(conns), 'TokSecret1234567890abcdefghijk')

    const q = await client
      .post('/queue')
      .bearerToken(adminToken)
      .json({ name: `Fila ${uid()}`, color: '#00aa11' })
    q.assertStatus(201)
    ;(await client.put(`/queue/${q.body().id}`).bearerToken(adminToken).json({ greetingMessage: 'Olá' })).assertStatus(
      200
    )
    ;(await client.delete(`/queue/${q.body().id}`).bearerToken(adminToken)).assertStatus(204)
    const queues = await rowsOf(company.id).where('entity', 'queue')
    assert.sameMembers(
      queues.map((r) => r.action),
      ['queue.create', 'queue.update', 'queue.delete']
    )
    assert.deepEqual(queues.find((r) => r.action === 'queue.update').after, { greetingMessage: 'Olá' })
  })

  test('contact export and deletion', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const c = await client.post('/contacts').bearerToken(adminToken).json({ name: 'Fulano', number: '5511988887777' })
    c.assertStatus(201)
    ;(await client.post('/contacts/exports').bearerToken(adminToken).json({})).assertStatus(202)
    ;(await client.delete(`/contacts/${c.body().id}`).bearerToken(adminToken)).assertStatus(200)
    const rows = await rowsOf(company.id).where('entity', 'contact')
    assert.sameMembers(
      rows.map((r) => r.action),
      ['contact.export', 'contact.delete']
    )
  })

  test('a change that rolls back leaves no row; a write failure in the transaction fails the change', async ({
    assert,
  }) => {
    const { company } = await createTenant()
    const action = `test.${uid()}`
    await db
      .transaction(async (trx) => {
        await audit.record(trx, { action, entity: 'test', companyId: company.id })
        throw new Error('boom')
      })
      .catch(() => {})
    assert.lengthOf(await rowsOf(company.id, action), 0)
    // without a transaction the row is written on its own
    await audit.record(null, { action, entity: 'test', companyId: company.id })
    assert.lengthOf(await rowsOf(company.id, action), 1)
  })

  test('secrets are masked in before/after/details', ({ assert }) => {
    const masked = maskSecrets({
      name: 'x',
      password: 'p',
      settings: { apiKey: 'k', nested: { accessToken: 't', ok: 1 }, sealed: sealSecret('abcdef1234') },
      list: [{ secret: 's' }],
    }) as any
    assert.deepEqual(masked, {
      name: 'x',
      password: '••••',
      settings: { apiKey: '••••', nested: { accessToken: '••••', ok: 1 }, sealed: '••••1234' },
      list: [{ secret: '••••' }],
    })
  })
})

test.group('audit log: the page, the export, retention', (group) => {
  group.each.setup(() => rateLimiter.resetAll())

  test('an admin reads their company only; attendants are refused; the super user sees platform rows and filters by company', async ({
    client,
    assert,
  }) => {
    const a = await createTenant()
    const b = await createTenant()
    const { token: attendant } = await createUser(a.company)
    const mine = await seedRow(a.company.id)
    const theirs = await seedRow(b.company.id)
    const platform = await seedRow(null)

    const list = await client.get('/audit-logs').bearerToken(a.adminToken)
    list.assertStatus(200)
    const text = JSON.stringify(list.body())
    assert.include(text, mine.marker)
    assert.notInclude(text, theirs.marker)
    assert.notInclude(text, platform.marker)
    // an admin cannot widen the scope with companyId
    const widened = await client.get('/audit-logs').bearerToken(a.adminToken).qs({ companyId: b.company.id })
    assert.notInclude(JSON.stringify(widened.body()), theirs.marker)
    assert.notInclude(
      JSON.stringify((await client.get('/audit-logs').bearerToken(a.adminToken).qs({ companyId: 'platform' })).body()),
      platform.marker
    )
    ;(await client.get('/audit-logs').bearerToken(attendant)).assertStatus(403)
    ;(await client.get('/audit-logs/export').bearerToken(attendant)).assertStatus(403)

    const { token } = await superSession()
    const all = JSON.stringify((await client.get('/audit-logs').bearerToken(token).qs({ limit: 100 })).body())
    assert.include(all, platform.marker)
    const onlyB = (await client.get('/audit-logs').bearerToken(token).qs({ companyId: b.company.id })).body()
    assert.isTrue(onlyB.logs.every((r: any) => r.company_id === b.company.id))
    assert.include(JSON.stringify(onlyB), theirs.marker)
    const onlyPlatform = (await client.get('/audit-logs').bearerToken(token).qs({ companyId: 'platform' })).body()
    assert.isTrue(onlyPlatform.logs.every((r: any) => r.company_id === null))
  })

  test('filters (user, action, entity, dates, search) and keyset paging', async ({ client, assert }) => {
    const { company, admin, adminToken } = await createTenant()
    const { user } = await createUser(company)
    const old = new Date('2020-01-15T12:00:00Z')
    for (let i = 0; i < 5; i++) await seedRow(company.id, { action: 'test.page', actor_id: admin.id })
    const byUser = await seedRow(company.id, { action: 'test.other', entity: 'queue', actor_id: user.id })
    const dated = await seedRow(company.id, { action: 'test.old', created_at: old })

    const get = (qs: Record<string, unknown>) => client.get('/audit-logs').bearerToken(adminToken).qs(qs)
    assert.lengthOf((await get({ action: 'test.page' })).body().logs, 5)
    assert.deepEqual(
      (await get({ userId: user.id })).body().logs.map((r: any) => r.entity_id),
      [byUser.marker]
    )
    assert.deepEqual(
      (await get({ entity: 'queue' })).body().logs.map((r: any) => r.entity_id),
      [byUser.marker]
    )
    assert.deepEqual(
      (await get({ from: '2020-01-01', to: '2020-02-01' })).body().logs.map((r: any) => r.entity_id),
      [dated.marker]
    )
    assert.deepEqual(
      (await get({ search: byUser.marker.toLowerCase() })).body().logs.map((r: any) => r.entity_id),
      [byUser.marker]
    )
    const first = (await get({ action: 'test.page', limit: 2 })).body()
    assert.lengthOf(first.logs, 2)
    assert.isTrue(first.hasMore)
    const second = (await get({ action: 'test.page', limit: 2, before: first.nextBefore })).body()
    const third = (await get({ action: 'test.page', limit: 2, before: second.nextBefore })).body()
    assert.lengthOf(third.logs, 1)
    assert.isFalse(third.hasMore)
    const ids = [...first.logs, ...second.logs, ...third.logs].map((r: any) => Number(r.id))
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => y - x)
    )
    assert.lengthOf(new Set(ids), 5)

    const facets = (await client.get('/audit-logs/facets').bearerToken(adminToken)).body()
    assert.includeMembers(facets.actions, ['test.page', 'test.other', 'test.old'])
    ;(await get({ from: 'not a date' })).assertStatus(422)
  })

  test('xlsx export with the filters; the export is logged', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const rows = [await seedRow(company.id, { action: 'test.x' }), await seedRow(company.id, { action: 'test.x' })]
    await seedRow(company.id, { action: 'test.y' })
    const r = await client.get('/audit-logs/export').bearerToken(adminToken).qs({ action: 'test.x' })
    r.assertStatus(200)
    assert.include(r.header('content-type'), 'spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(r.text(), 'binary') as any).catch(async () => {
      // the client decodes the body as text: fetch the raw bytes instead
      const res = await fetch(`http://${process.env.HOST}:${process.env.PORT}/audit-logs/export?action=test.x`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as any)
    })
    const sheet = workbook.worksheets[0]
    const entityIds: string[] = []
    sheet.eachRow((row, n) => n > 1 && entityIds.push(String(row.getCell(8).value)))
    assert.sameMembers(
      entityIds,
      rows.map((x) => x.marker)
    )
    const [logged] = await rowsOf(company.id, 'audit.export')
    assert.equal(logged.details.rows, 2)
    assert.equal(logged.details.filters.action, 'test.x')
  })

  test('never editable: no update or delete route, and the table refuses updates', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { row } = await seedRow(company.id)
    for (const method of ['put', 'patch', 'delete'] as const) {
      const r = await (client as any)[method](`/audit-logs/${row.id}`).bearerToken(adminToken).json({ action: 'x' })
      assert.include([404, 405], r.status())
    }
    ;(await client.delete('/audit-logs').bearerToken(adminToken)).assertStatus(404)
    await assert.rejects(() => db.from('audit_logs').where('id', row.id).update({ action: 'tampered' }))
    assert.equal((await db.from('audit_logs').where('id', row.id).first()).action, 'test.seed')
  })

  test('deleting the actor keeps the row with their name', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { user } = await createUser(company, { profile: 'admin' } as any)
    const { row } = await seedRow(company.id, { actor_id: user.id, actor_name: 'Gone Admin' })
    ;(await client.delete(`/users/${user.id}`).bearerToken(adminToken)).assertStatus(204)
    const kept = await db.from('audit_logs').where('id', row.id).first()
    assert.isNull(kept.actor_id)
    assert.equal(kept.actor_name, 'Gone Admin')
  })

  test('retention: each company its auditRetentionDays (30 to 3650); platform rows follow the platform company', async ({
    assert,
  }) => {
    const a = await createTenant()
    const b = await createTenant()
    const day = 86_400_000
    const now = Date.now()
    await tenancy.run(a.company.id, () =>
      db.transaction(async (trx) => {
        const { companySettings } = await import('#core/settings')
        await companySettings.set('auditRetentionDays', '30', trx)
      })
    )
    const aOld = await seedRow(a.company.id, { created_at: new Date(now - 40 * day) })
    const aNew = await seedRow(a.company.id, { created_at: new Date(now - 20 * day) })
    const bOld = await seedRow(b.company.id, { created_at: new Date(now - 40 * day) })
    const bAncient = await seedRow(b.company.id, { created_at: new Date(now - 400 * day) })
    const platformAncient = await seedRow(null, { created_at: new Date(now - 4000 * day) })
    await sweepRetention(now)
    const left = async (r: { row: any }) => !!(await db.from('audit_logs').where('id', r.row.id).first())
    assert.isFalse(await left(aOld))
    assert.isTrue(await left(aNew))
    assert.isTrue(await left(bOld))
    assert.isFalse(await left(bAncient))
    assert.isFalse(await left(platformAncient))
  })
})

test.group('audit log: the export job', (group) => {
  group.each.setup(() => rateLimiter.resetAll())
  // the export runs as a job; the workers stop after, as other suites expect none
  group.setup(async () => {
    await startWorkers()
    return () => stopWorkers()
  })

  test('queued with the filters, progress, then the file; only for its requester', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { user: otherAdmin, token: otherAdminToken } = await createUser(company, { profile: 'admin' } as any)
    void otherAdmin
    const b = await createTenant()
    const rows = [await seedRow(company.id, { action: 'test.job' }), await seedRow(company.id, { action: 'test.job' })]
    await seedRow(company.id, { action: 'test.other' })
    const started = await client.post('/audit-logs/exports').bearerToken(adminToken).json({ action: 'test.job' })
    started.assertStatus(202)
    const { exportId, total } = started.body()
    assert.equal(total, 2)
    let state: any
    for (let i = 0; i < 100; i++) {
      state = (await client.get(`/audit-logs/exports/${exportId}`).bearerToken(adminToken)).body()
      if (state.status === 'done' || state.status === 'failed') break
      await new Promise((r) => setTimeout(r, 100))
    }
    assert.deepEqual(state, { status: 'done', done: 2, total: 2 })
    // another admin of the same company, and another company, get nothing
    ;(await client.get(`/audit-logs/exports/${exportId}`).bearerToken(otherAdminToken)).assertStatus(404)
    ;(await client.get(`/audit-logs/exports/${exportId}/file`).bearerToken(b.adminToken)).assertStatus(404)
    ;(await client.get('/audit-logs/exports/not-a-uuid').bearerToken(adminToken)).assertStatus(404)

    const res = await fetch(`http://${process.env.HOST}:${process.env.PORT}/audit-logs/exports/${exportId}/file`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
    assert.equal(res.status, 200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as any)
    const ids: string[] = []
    workbook.worksheets[0].eachRow((row, n) => n > 1 && ids.push(String(row.getCell(8).value)))
    assert.sameMembers(
      ids,
      rows.map((x) => x.marker)
    )
    const [logged] = await rowsOf(company.id, 'audit.export')
    assert.equal(logged.details.exportId, exportId)
  })

  test('over the cap: 422 at once, nothing queued', async ({ client, assert }) => {
    const { company, adminToken } = await createTenant()
    const { EXPORT_MAX_ROWS } = await import('../services/export.js')
    const values = Array.from({ length: EXPORT_MAX_ROWS + 1 }, () => `(${company.id}, 'test.bulk', 'test')`)
    await db.rawQuery(`INSERT INTO audit_logs (company_id, action, entity) VALUES ${values.join(',')}`)
    const r = await client.post('/audit-logs/exports').bearerToken(adminToken).json({})
    r.assertStatus(422)
    assert.equal(r.body().error, 'ERR_AUDIT_EXPORT_TOO_LARGE')
  })
})
