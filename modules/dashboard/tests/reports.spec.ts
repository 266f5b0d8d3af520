import { test } from '@japa/runner'
import { createUser } from '#tests/helpers/world'
import { agent, inboxWorld } from '#tests/helpers/inbox'
import { aTicket, track } from './fixtures.js'

test.group('reports', () => {
  test('one row per ticket session, by kind, with names and filters', async ({ client, assert }) => {
    const world = await inboxWorld()
    const a = await agent(world)
    const served = await aTicket(world.company, {
      contactName: 'Cliente Atendido',
      status: 'pending',
      queueId: world.queue.id,
    })
    const waiting = await aTicket(world.company, { contactName: 'Cliente Esperando', status: 'pending' })
    ;(
      await client.put(`/tickets/${served.id}`).bearerToken(a.token).json({ status: 'open', userId: a.user.id })
    ).assertStatus(200)
    ;(
      await client
        .put(`/tickets/${served.id}`)
        .bearerToken(a.token)
        .json({ status: 'closed', sendFarewellMessage: false })
    ).assertStatus(200)
    // a rated session built by hand (tracking only): it shows in surveys, without a contact name
    await track(
      world.company,
      [
        { status: 'pending', at: new Date(Date.now() - 3600_000).toISOString() },
        { status: 'open', userId: a.user.id, at: new Date(Date.now() - 3000_000).toISOString() },
        { status: 'nps', userId: a.user.id, at: new Date(Date.now() - 1200_000).toISOString() },
      ],
      { value: '9', at: new Date(Date.now() - 1100_000).toISOString() }
    )

    const get = (qs: Record<string, unknown>) =>
      client
        .get('/dashboard/reports')
        .bearerToken(world.adminToken)
        // today and yesterday in the company's zone: the session made an hour ago is yesterday's just after midnight there
        .qs({ days: 2, ...qs })
    const calls = await get({ kind: 'calls' })
    calls.assertStatus(200)
    assert.equal(calls.body().count, 3)
    const row = calls.body().rows.find((r: any) => r.ticketId === served.id)
    assert.equal(row.contact, 'Cliente Atendido')
    assert.equal(row.user, a.user.name)
    assert.equal(row.queue, world.queue.name)
    assert.isString(row.connection)
    assert.isNotNull(row.finishedAt)
    assert.isNumber(row.serviceMinutes ?? 0)

    const byConnection = await get({ kind: 'calls', whatsappId: waiting.whatsappId })
    assert.deepEqual(
      byConnection.body().rows.map((r: any) => r.contact),
      ['Cliente Esperando']
    )
    const duration = await get({ kind: 'duration' })
    assert.deepEqual(
      duration.body().rows.map((r: any) => r.ticketId),
      [served.id]
    )
    const surveys = await get({ kind: 'surveys' })
    assert.equal(surveys.body().count, 1)
    assert.deepInclude(surveys.body().rows[0], { rate: 9, waitMinutes: 10, serviceMinutes: 30 })
    assert.equal((await get({ kind: 'groups' })).body().count, 0)
    assert.equal((await get({ kind: 'calls', userId: a.user.id })).body().count, 2)
    const paged = await get({ kind: 'calls', pageSize: 2, pageNumber: 2 })
    assert.lengthOf(paged.body().rows, 1)
    assert.isFalse(paged.body().hasMore)

    ;(await get({ kind: 'everything' })).assertStatus(422)
    ;(await get({ kind: 'calls', pageSize: 100000 })).assertStatus(422)
    const plain = await createUser(world.company)
    ;(await client.get('/dashboard/reports').bearerToken(plain.token).qs({ kind: 'calls' })).assertStatus(403)
  })
})

test.group('exports', () => {
  test('the attendants table and each report as xlsx and CSV', async ({ client, assert }) => {
    const { default: ExcelJS } = await import('exceljs')
    const world = await inboxWorld()
    const a = await agent(world, [world.queue.id], { name: 'Ana Atendente' })
    await track(world.company, [
      { status: 'pending', at: '2026-03-10T12:00:00Z' },
      { status: 'open', userId: a.user.id, at: '2026-03-10T12:10:00Z' },
      { status: 'closed', userId: a.user.id, at: '2026-03-10T12:40:00Z' },
    ])
    const qs = { date_from: '2026-03-01', date_to: '2026-03-31' }
    // a plain fetch: the file's bytes as they reach a browser
    const search = new URLSearchParams({ ...qs, table: 'attendants', format: 'xlsx' })
    const xlsx = await fetch(`http://${process.env.HOST}:${process.env.PORT}/dashboard/export?${search}`, {
      headers: { authorization: `Bearer ${world.adminToken}` },
    })
    assert.equal(xlsx.status, 200)
    assert.include(xlsx.headers.get('content-type'), 'spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await xlsx.arrayBuffer()) as any)
    const ws = book.worksheets[0]
    assert.equal(ws.name, 'Atendentes')
    assert.deepEqual((ws.getRow(1).values as any[]).slice(1, 4), ['Nome', 'Avaliação', 'Avaliações'])
    const ana = ws.getSheetValues().find((r: any) => r && r[1] === 'Ana Atendente') as any[]
    assert.deepEqual(ana.slice(1), ['Ana Atendente', 0, 0, 1, 10, 30, 'Offline'])

    const csv = await client
      .get('/dashboard/export')
      .bearerToken(world.adminToken)
      .qs({ ...qs, table: 'duration', format: 'csv', lang: 'en' })
    csv.assertStatus(200)
    const lines = csv
      .text()
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    assert.equal(
      lines[0],
      'Ticket,Contact,Connection,Attendant,Queue,Arrived,Started,Ended,Wait (min),Service (min),Rating'
    )
    assert.lengthOf(lines, 2)
    // the company's time zone (São Paulo, UTC−3)
    assert.match(lines[1], /,Ana Atendente,,2026-03-10 09:00,2026-03-10 09:10,2026-03-10 09:40,10,30,$/)

    ;(
      await client.get('/dashboard/export').bearerToken(world.adminToken).qs({ table: 'x', format: 'csv' })
    ).assertStatus(422)
    ;(
      await client.get('/dashboard/export').bearerToken(world.adminToken).qs({ table: 'calls', format: 'pdf' })
    ).assertStatus(422)
    const plain = await createUser(world.company)
    ;(
      await client.get('/dashboard/export').bearerToken(plain.token).qs({ table: 'calls', format: 'csv' })
    ).assertStatus(403)
  })

  test('group report times: Brazil’s zone in Portuguese, Mexico’s in Spanish (spec 1 §9)', async ({
    client,
    assert,
  }) => {
    const world = await inboxWorld()
    await track(world.company, [{ status: 'group', at: '2026-03-10T12:00:00Z' }])
    const row = async (lang: string) => {
      const r = await client
        .get('/dashboard/export')
        .bearerToken(world.adminToken)
        .qs({ date_from: '2026-03-01', date_to: '2026-03-31', table: 'groups', format: 'csv', lang })
      return r
        .text()
        .replace(/^\uFEFF/, '')
        .split('\r\n')[1]
    }
    assert.include(await row('pt'), '2026-03-10 09:00')
    assert.include(await row('es'), '2026-03-10 06:00')
    const calls = await client
      .get('/dashboard/export')
      .bearerToken(world.adminToken)
      .qs({ date_from: '2026-03-01', date_to: '2026-03-31', table: 'calls', format: 'csv' })
    assert.lengthOf(calls.text().trim().split('\r\n'), 1, 'group sessions stay out of the calls report')
  })
})
