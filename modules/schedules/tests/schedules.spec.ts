import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createPlan, createTenant, createUser, setPlanFlags, uid } from '#tests/helpers/world'
import { createConnection } from '#tests/helpers/inbox'
import { realtime } from '#core/realtime'
import { aContact, aSchedule } from './fixtures.js'

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString()

async function create(client: any, token: string, body: Record<string, unknown>) {
  return client.post('/schedules').bearerToken(token).json(body)
}

test.group('schedules: calls of spec 3 §7', () => {
  test('POST creates a schedule (PENDENTE → AGENDADA once queued) with the fields of §3', async ({
    client,
    assert,
  }) => {
    const w = await createTenant()
    const contact = await aContact(w.company, 'Maria Souza')
    const sendAt = inMinutes(90)
    const r = await create(client, w.adminToken, {
      body: 'Olá {{firstName}}, lembrete!',
      contactId: contact.id,
      sendAt,
    })
    r.assertStatus(201)
    const s = r.body()
    assert.include(s, { body: 'Olá {{firstName}}, lembrete!', contactId: contact.id, userId: w.admin.id, sentAt: null })
    assert.equal(new Date(s.sendAt).getTime(), new Date(sendAt).getTime())
    assert.deepInclude(s.contact, { id: contact.id, name: 'Maria Souza' })
    assert.equal(s.user.id, w.admin.id)
    assert.include(['PENDENTE', 'AGENDADA'], s.status)
    const row = await db.from('schedules').where('id', s.id).first()
    assert.equal(row.company_id, w.company.id)
    assert.equal(row.status, 'AGENDADA', 'its job is queued')
    assert.notProperty(s, 'messageId')
  })

  test('a datetime-local sendAt is read in the company time zone', async ({ client, assert }) => {
    const w = await createTenant()
    const contact = await aContact(w.company)
    const r = await create(client, w.adminToken, {
      body: 'Bom dia!!',
      contactId: contact.id,
      sendAt: '2099-01-05T10:30',
    })
    r.assertStatus(201)
    // America/Sao_Paulo is UTC-3
    assert.equal(new Date(r.body().sendAt).toISOString(), '2099-01-05T13:30:00.000Z')
  })

  test('validation (§5): body ≥ 5, contact and sendAt required, a time in the past refused', async ({
    client,
    assert,
  }) => {
    const w = await createTenant()
    const contact = await aContact(w.company)
    const short = await create(client, w.adminToken, { body: 'Oi', contactId: contact.id, sendAt: inMinutes(60) })
    short.assertStatus(422)
    assert.equal(short.body().error, 'ERR_VALIDATION')
    assert.includeMembers(
      short.body().fields.map((f: any) => f.field),
      ['body']
    )
    const missing = await create(client, w.adminToken, { body: 'Mensagem boa' })
    missing.assertStatus(422)
    assert.includeMembers(
      missing.body().fields.map((f: any) => f.field),
      ['contactId', 'sendAt']
    )
    const bad = await create(client, w.adminToken, { body: 'Mensagem boa', contactId: contact.id, sendAt: 'amanhã' })
    bad.assertStatus(422)
    const past = await create(client, w.adminToken, {
      body: 'Mensagem boa',
      contactId: contact.id,
      sendAt: inMinutes(-10),
    })
    past.assertStatus(422)
    assert.equal(past.body().fields[0].field, 'sendAt')
    const noContact = await create(client, w.adminToken, {
      body: 'Mensagem boa',
      contactId: 2147483000,
      sendAt: inMinutes(60),
    })
    noContact.assertStatus(404)
    assert.equal(noContact.body().error, 'ERR_NO_CONTACT_FOUND')
    const weird = await create(client, w.adminToken, {
      body: ['x'],
      contactId: 'abc',
      sendAt: 5,
      repeatEvery: 'hourly',
      repeatCount: 9999,
    })
    weird.assertStatus(422)
    assert.equal(
      await db
        .from('schedules')
        .where('company_id', w.company.id)
        .count('* as n')
        .first()
        .then((r: any) => Number(r.n)),
      0
    )
  })

  test('another company’s contact, connection or queue is refused', async ({ client, assert }) => {
    const w = await createTenant()
    const other = await createTenant()
    const theirs = await aContact(other.company)
    const r = await create(client, w.adminToken, { body: 'Mensagem boa', contactId: theirs.id, sendAt: inMinutes(60) })
    r.assertStatus(404)
    const mine = await aContact(w.company)
    const conn = await createConnection(other.company)
    const r2 = await create(client, w.adminToken, {
      body: 'Mensagem boa',
      contactId: mine.id,
      sendAt: inMinutes(60),
      whatsappId: conn.id,
    })
    r2.assertStatus(404)
    assert.equal(r2.body().error, 'ERR_NO_WAPP_FOUND')
  })

  test('GET /schedules searches body and contact name, pages with hasMore, filters contact and range', async ({
    client,
    assert,
  }) => {
    const w = await createTenant()
    const marker = uid()
    const ana = await aContact(w.company, `Ana ${marker}`)
    for (let i = 0; i < 3; i++) {
      const r = await create(client, w.adminToken, {
        body: `Cobrança ${i} ${marker}`,
        contactId: ana.id,
        sendAt: inMinutes(60 + i),
      })
      r.assertStatus(201)
    }
    await create(client, w.adminToken, {
      body: 'Outro assunto',
      contactId: (await aContact(w.company)).id,
      sendAt: inMinutes(300),
    })
    const all = await client.get('/schedules').bearerToken(w.adminToken)
    all.assertStatus(200)
    assert.equal(all.body().count, 4)
    assert.isFalse(all.body().hasMore)
    // ordered by send time
    assert.deepEqual(
      all
        .body()
        .schedules.slice(0, 3)
        .map((s: any) => s.body),
      [0, 1, 2].map((i) => `Cobrança ${i} ${marker}`)
    )
    const byBody = await client
      .get('/schedules')
      .qs({ searchParam: `cobrança 1 ${marker}` })
      .bearerToken(w.adminToken)
    assert.deepEqual(
      byBody.body().schedules.map((s: any) => s.body),
      [`Cobrança 1 ${marker}`]
    )
    const byName = await client
      .get('/schedules')
      .qs({ searchParam: `ana ${marker}` })
      .bearerToken(w.adminToken)
    assert.equal(byName.body().count, 3)
    const byContact = await client.get('/schedules').qs({ contactId: ana.id }).bearerToken(w.adminToken)
    assert.equal(byContact.body().count, 3)
    const range = await client
      .get('/schedules')
      .qs({ startDate: inMinutes(200), endDate: inMinutes(400) })
      .bearerToken(w.adminToken)
    assert.deepEqual(
      range.body().schedules.map((s: any) => s.body),
      ['Outro assunto']
    )
    const page2 = await client.get('/schedules').qs({ pageNumber: 2 }).bearerToken(w.adminToken)
    assert.lengthOf(page2.body().schedules, 0)
    const wild = await client.get('/schedules').qs({ searchParam: '%_' }).bearerToken(w.adminToken)
    assert.equal(wild.body().count, 0)
  })

  test('recurrence: the rule is stored (rrule), bad rules get their ERR_ code, PUT changes it', async ({
    client,
    assert,
  }) => {
    const w = await createTenant()
    const contact = await aContact(w.company)
    // Monday 2099-01-05 10:30 in the company's zone
    const base = { body: 'Lembrete semanal', contactId: contact.id, sendAt: '2099-01-05T10:30' }
    const r = await create(client, w.adminToken, {
      ...base,
      repeatEvery: 'weekly',
      repeatWeekdays: ['MO', 'TH'],
      repeatCount: 4,
    })
    r.assertStatus(201)
    assert.include(r.body(), {
      repeatEvery: 'weekly',
      repeatCount: 4,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      repeatUntil: null,
    })
    assert.deepEqual(r.body().repeatWeekdays, ['MO', 'TH'])
    const until = await create(client, w.adminToken, { ...base, repeatEvery: 'daily', repeatUntil: '2099-01-09' })
    until.assertStatus(201)
    // five sends: the 5th to the 9th
    assert.include(until.body(), { repeatCount: 5, repeatUntil: '2099-01-09' })
    assert.match(until.body().rrule, /^FREQ=DAILY;UNTIL=20990109T235959Z$/)

    const bad = async (extra: Record<string, unknown>, code: string) => {
      const res = await create(client, w.adminToken, { ...base, ...extra })
      res.assertStatus(422)
      assert.equal(res.body().error, code, JSON.stringify(extra))
    }
    await bad({ repeatEvery: 'daily' }, 'ERR_SCHEDULE_REPEAT_END')
    await bad({ repeatEvery: 'daily', repeatCount: 3, repeatUntil: '2099-02-01' }, 'ERR_SCHEDULE_REPEAT_END')
    await bad({ repeatEvery: 'monthly', repeatCount: 3, repeatWeekdays: ['MO'] }, 'ERR_SCHEDULE_REPEAT_WEEKDAYS')
    await bad({ repeatEvery: 'daily', repeatUntil: '2099-01-04' }, 'ERR_SCHEDULE_REPEAT_UNTIL')
    await bad({ repeatEvery: 'daily', repeatUntil: '2100-06-01' }, 'ERR_SCHEDULE_REPEAT_TOO_MANY')
    await bad({ repeatEvery: 'weekly', repeatCount: 2, repeatWeekdays: ['XX'] }, 'ERR_VALIDATION')
    await bad({ repeatEvery: 'weekly', repeatCount: 2, repeatUntil: '5 de janeiro' }, 'ERR_VALIDATION')
    // the error texts exist in the three languages
    const { errors } = await import('../errors.js')
    for (const code of ['END', 'WEEKDAYS', 'UNTIL', 'TOO_MANY']) {
      assert.properties(errors[`ERR_SCHEDULE_REPEAT_${code}`], ['pt', 'en', 'es'])
    }

    // PUT: a new rule replaces the old; an end date replaces the count; a bad one leaves the row alone
    const id = r.body().id
    const monthly = await client
      .put(`/schedules/${id}`)
      .bearerToken(w.adminToken)
      .json({ repeatEvery: 'monthly', repeatUntil: '2099-06-30', repeatCount: null })
    monthly.assertStatus(200)
    assert.include(monthly.body(), { repeatEvery: 'monthly', repeatCount: 6, repeatUntil: '2099-06-30' })
    assert.deepEqual(monthly.body().repeatWeekdays, [])
    const refused = await client
      .put(`/schedules/${id}`)
      .bearerToken(w.adminToken)
      .json({ repeatEvery: 'daily', repeatWeekdays: ['FR'] })
    assert.equal(refused.body().error, 'ERR_SCHEDULE_REPEAT_WEEKDAYS')
    const row = await db.from('schedules').where('id', id).first()
    assert.equal(row.repeat_every, 'monthly')
    const none = await client.put(`/schedules/${id}`).bearerToken(w.adminToken).json({ repeatEvery: 'none' })
    assert.include(none.body(), { repeatEvery: 'none', repeatCount: 1, rrule: null })
  })

  test('GET /schedules: the range lists the coming sends of recurring schedules; upcoming=true per contact', async ({
    client,
    assert,
  }) => {
    const w = await createTenant()
    const other = await createTenant()
    const ana = await aContact(w.company, 'Ana Recorrente')
    const bia = await aContact(w.company, 'Bia Avulsa')
    const daily = await create(client, w.adminToken, {
      body: 'Tome o remédio',
      contactId: ana.id,
      sendAt: '2099-01-05T09:00',
      repeatEvery: 'daily',
      repeatCount: 10,
    })
    daily.assertStatus(201)
    await create(client, w.adminToken, { body: 'Uma vez só', contactId: bia.id, sendAt: '2099-01-07T15:00' })
    // a week from the 7th: the row itself is before the range, its sends of the 7th to the 13th are in it
    const range = await client
      .get('/schedules')
      .qs({ startDate: '2099-01-07T00:00', endDate: '2099-01-14T00:00' })
      .bearerToken(w.adminToken)
    range.assertStatus(200)
    assert.deepEqual(
      range.body().schedules.map((s: any) => s.body),
      ['Uma vez só']
    )
    const occ = range.body().occurrences
    // 10 sends from the 5th: the 5th to the 14th, of which the 7th to the 13th fall in the range
    assert.lengthOf(occ, 7)
    assert.deepInclude(occ[0], { scheduleId: daily.body().id, body: 'Tome o remédio' })
    assert.equal(occ[0].sendAt, '2099-01-07T12:00:00.000Z')
    assert.equal(occ[6].sendAt, '2099-01-13T12:00:00.000Z')
    const rangeOfBia = await client
      .get('/schedules')
      .qs({ startDate: '2099-01-07T00:00', endDate: '2099-01-14T00:00', contactId: bia.id })
      .bearerToken(w.adminToken)
    assert.lengthOf(rangeOfBia.body().occurrences, 0)
    // another company sees none of it
    const theirs = await client
      .get('/schedules')
      .qs({ startDate: '2099-01-07T00:00', endDate: '2099-01-14T00:00' })
      .bearerToken(other.adminToken)
    assert.lengthOf(theirs.body().schedules, 0)
    assert.lengthOf(theirs.body().occurrences, 0)

    // upcoming for a contact: the open ones only (sent or failed ones are history)
    await aSchedule(w, { contactId: ana.id, status: 'ERRO', error: 'x', body: 'Falhou antes' })
    const upcoming = await client.get('/schedules').qs({ contactId: ana.id, upcoming: true }).bearerToken(w.adminToken)
    upcoming.assertStatus(200)
    assert.deepEqual(
      upcoming.body().schedules.map((s: any) => s.body),
      ['Tome o remédio']
    )
    const foreign = await client
      .get('/schedules')
      .qs({ contactId: ana.id, upcoming: true })
      .bearerToken(other.adminToken)
    assert.lengthOf(foreign.body().schedules, 0)
  })

  test('GET /schedules/:id shows one; unknown or foreign ids are 404', async ({ client, assert }) => {
    const w = await createTenant()
    const other = await createTenant()
    const s = await aSchedule(w)
    const r = await client.get(`/schedules/${s.id}`).bearerToken(w.adminToken)
    r.assertStatus(200)
    assert.equal(r.body().id, s.id)
    ;(await client.get(`/schedules/${s.id}`).bearerToken(other.adminToken)).assertStatus(404)
    ;(await client.get('/schedules/abc').bearerToken(w.adminToken)).assertStatus(404)
    ;(await client.get('/schedules/99999999999').bearerToken(w.adminToken)).assertStatus(404)
  })

  test('PUT edits (with userId), a new time moves it; a sent schedule is read-only', async ({ client, assert }) => {
    const w = await createTenant()
    const agent = await createUser(w.company)
    const contact = await aContact(w.company)
    const created = await create(client, w.adminToken, {
      body: 'Primeira versão',
      contactId: contact.id,
      sendAt: inMinutes(60),
    })
    const id = created.body().id
    const sendAt = inMinutes(120)
    const r = await client
      .put(`/schedules/${id}`)
      .bearerToken(agent.token)
      .json({ body: 'Segunda versão', contactId: contact.id, sendAt, userId: agent.user.id })
    r.assertStatus(200)
    assert.include(r.body(), { body: 'Segunda versão', userId: agent.user.id })
    assert.equal(new Date(r.body().sendAt).getTime(), new Date(sendAt).getTime())
    const short = await client.put(`/schedules/${id}`).bearerToken(w.adminToken).json({ body: 'abc' })
    short.assertStatus(422)
    const foreignUser = await createTenant()
    const badUser = await client
      .put(`/schedules/${id}`)
      .bearerToken(w.adminToken)
      .json({ userId: foreignUser.admin.id })
    badUser.assertStatus(422)
    // sent: the server refuses the edit, not only the screen
    await db.from('schedules').where('id', id).update({ status: 'ENVIADA', sent_at: new Date() })
    const locked = await client.put(`/schedules/${id}`).bearerToken(w.adminToken).json({ body: 'Terceira versão' })
    locked.assertStatus(409)
    assert.equal(locked.body().error, 'ERR_SCHEDULE_ALREADY_SENT')
    assert.equal((await db.from('schedules').where('id', id).first()).body, 'Segunda versão')
  })

  test('an ERRO schedule that never sent can be edited and is queued again', async ({ client, assert }) => {
    const w = await createTenant()
    const s = await aSchedule(w, { status: 'ERRO', error: 'ERR_SCHEDULE_NO_CONNECTION' } as any)
    const r = await client
      .put(`/schedules/${s.id}`)
      .bearerToken(w.adminToken)
      .json({ sendAt: inMinutes(30) })
    r.assertStatus(200)
    assert.equal(r.body().status, 'AGENDADA')
    assert.isNull(r.body().error)
  })

  test('DELETE removes it (204), then 404; events company-{id}-schedule go out', async ({ client, assert }) => {
    const w = await createTenant()
    const heard: any[] = []
    const stop = realtime.tap((_channel, p) => {
      if (p.event === `company-${w.company.id}-schedule`) heard.push(p)
    })
    try {
      const contact = await aContact(w.company)
      const created = await create(client, w.adminToken, {
        body: 'Vai ser apagado',
        contactId: contact.id,
        sendAt: inMinutes(60),
      })
      const id = created.body().id
      await client.put(`/schedules/${id}`).bearerToken(w.adminToken).json({ body: 'Vai ser apagado já' })
      ;(await client.delete(`/schedules/${id}`).bearerToken(w.adminToken)).assertStatus(204)
      ;(await client.delete(`/schedules/${id}`).bearerToken(w.adminToken)).assertStatus(404)
      assert.isNull(await db.from('schedules').where('id', id).first())
      assert.deepEqual(
        heard.map((e) => e.action),
        ['create', 'update', 'delete']
      )
      assert.equal(heard[0].record.id, id)
      assert.equal(heard[2].id, id)
    } finally {
      stop()
    }
  })

  test('plan gating: without useSchedules every call is 403 ERR_PLAN_FEATURE_DISABLED', async ({ client, assert }) => {
    const plan = await createPlan()
    const w = await createTenant({ plan })
    const s = await aSchedule(w)
    await setPlanFlags(plan.id, { useSchedules: false })
    for (const [method, url] of [
      ['get', '/schedules'],
      ['get', `/schedules/${s.id}`],
      ['post', '/schedules'],
      ['put', `/schedules/${s.id}`],
      ['delete', `/schedules/${s.id}`],
    ]) {
      const r = await (client as any)[method](url).bearerToken(w.adminToken).json({})
      r.assertStatus(403)
      assert.equal(r.body().error, 'ERR_PLAN_FEATURE_DISABLED')
    }
    const modules = await client.get('/modules').bearerToken(w.adminToken)
    assert.notInclude(
      modules.body().modules.map((m: any) => m.name),
      'schedules'
    )
    await setPlanFlags(plan.id, { useSchedules: true })
    const again = await client.get('/modules').bearerToken(w.adminToken)
    const mine = again.body().modules.find((m: any) => m.name === 'schedules')
    assert.equal(mine.menu[0].path, '/schedules')
  })
})
