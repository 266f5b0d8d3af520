import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { minuteIn, tableExports } from '../stats/export.js'
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

/**
 * Asks for an export as the browser does, runs its job here (the suite runs no
 * workers) and downloads the file as the browser receives it.
 */
async function exported(client: any, token: string, body: Record<string, unknown>) {
  const started = await client.post('/dashboard/exports').bearerToken(token).json(body)
  started.assertStatus(202)
  const { exportId, total } = started.body()
  const state = await tableExports().run(exportId)
  const file = await fetch(`http://${process.env.HOST}:${process.env.PORT}/dashboard/exports/${exportId}/file`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { exportId, total, state, file }
}

const csvLines = async (file: Response) => (await file.text()).replace(/^\uFEFF/, '').split('\r\n')

test.group('exports', () => {
  test('a cell’s minute in a zone is luxon’s, across offset changes (an unknown zone is UTC)', ({ assert }) => {
    const zones = [
      'America/Sao_Paulo', // summer time until 2019
      'America/New_York',
      'Europe/Lisbon',
      'Asia/Kolkata', // +05:30
      'Asia/Kathmandu', // +05:45
      'America/St_Johns', // −03:30 with summer time
      'Australia/Lord_Howe', // a half-hour summer shift
      'UTC',
    ]
    // every 7 hours and 13 minutes over three years, so every transition's neighbourhood is crossed
    const step = (7 * 60 + 13) * 60_000
    for (const zone of zones) {
      const when = minuteIn(zone)
      for (let at = Date.parse('2017-01-01T00:00:00Z'); at < Date.parse('2020-01-01T00:00:00Z'); at += step) {
        const iso = new Date(at).toISOString()
        assert.equal(when(iso), DateTime.fromMillis(at).setZone(zone).toFormat('yyyy-MM-dd HH:mm'), `${zone} ${iso}`)
      }
      // the minutes either side of each 2019 transition in New York and Lord Howe
      for (const edge of [
        '2019-03-10T07:00:00Z',
        '2019-11-03T06:00:00Z',
        '2019-04-06T15:00:00Z',
        '2019-10-05T15:30:00Z',
      ])
        for (const d of [-60_000, -1, 0, 60_000]) {
          const at = Date.parse(edge) + d
          const iso = new Date(at).toISOString()
          assert.equal(when(iso), DateTime.fromMillis(at).setZone(zone).toFormat('yyyy-MM-dd HH:mm'), `${zone} ${iso}`)
        }
    }
    assert.equal(minuteIn('Not/AZone')('2026-05-01T23:30:00Z'), '2026-05-01 23:30')
    assert.isNull(minuteIn('UTC')(null))
  })

  test('the attendants table and each report as xlsx and CSV, written by a job', async ({ client, assert }) => {
    const { default: ExcelJS } = await import('exceljs')
    const world = await inboxWorld()
    const a = await agent(world, [world.queue.id], { name: 'Ana Atendente' })
    await track(world.company, [
      { status: 'pending', at: '2026-03-10T12:00:00Z' },
      { status: 'open', userId: a.user.id, at: '2026-03-10T12:10:00Z' },
      { status: 'closed', userId: a.user.id, at: '2026-03-10T12:40:00Z' },
    ])
    const qs = { date_from: '2026-03-01', date_to: '2026-03-31' }
    const xlsx = await exported(client, world.adminToken, { ...qs, table: 'attendants', format: 'xlsx' })
    assert.equal(xlsx.file.status, 200)
    assert.include(xlsx.file.headers.get('content-type'), 'spreadsheetml')
    assert.equal(
      xlsx.file.headers.get('content-disposition'),
      'attachment; filename="attendants-2026-03-01-2026-03-31.xlsx"'
    )
    const book = new ExcelJS.Workbook()
    await book.xlsx.load((await xlsx.file.arrayBuffer()) as any)
    const ws = book.worksheets[0]
    assert.equal(ws.name, 'Atendentes')
    assert.deepEqual((ws.getRow(1).values as any[]).slice(1, 4), ['Nome', 'Avaliação', 'Avaliações'])
    const ana = ws.getSheetValues().find((r: any) => r && r[1] === 'Ana Atendente') as any[]
    assert.deepEqual(ana.slice(1), ['Ana Atendente', 0, 0, 1, 10, 30, 'Offline'])

    const csv = await exported(client, world.adminToken, { ...qs, table: 'duration', format: 'csv', lang: 'en' })
    assert.deepEqual({ total: csv.total, state: csv.state }, { total: 1, state: { status: 'done', done: 1, total: 1 } })
    assert.include(csv.file.headers.get('content-type'), 'text/csv')
    const lines = await csvLines(csv.file)
    assert.equal(
      lines[0],
      'Ticket,Contact,Connection,Attendant,Queue,Arrived,Started,Ended,Wait (min),Service (min),Rating'
    )
    assert.lengthOf(lines, 2)
    // the company's time zone (São Paulo, UTC−3)
    assert.match(lines[1], /,Ana Atendente,,2026-03-10 09:00,2026-03-10 09:10,2026-03-10 09:40,10,30,$/)
    const progress = await client.get(`/dashboard/exports/${csv.exportId}`).bearerToken(world.adminToken)
    // waiting in the queue, or run by the workers an earlier test of the suite started
    assert.oneOf(progress.body().status, ['queued', 'processing', 'done'])
    if (progress.body().status === 'done') assert.deepEqual(progress.body(), { status: 'done', done: 1, total: 1 })

    const post = (token: string, body: Record<string, unknown>) =>
      client.post('/dashboard/exports').bearerToken(token).json(body)
    ;(await post(world.adminToken, { table: 'x', format: 'csv' })).assertStatus(422)
    ;(await post(world.adminToken, { table: 'calls', format: 'pdf' })).assertStatus(422)
    ;(
      await post(world.adminToken, { table: 'calls', format: 'csv', date_from: '2026-03-31', date_to: '2026-03-01' })
    ).assertStatus(400)
    const plain = await createUser(world.company)
    ;(await post(plain.token, { table: 'calls', format: 'csv' })).assertStatus(403)
    // an export is its requester's: another admin of the same company gets the unknown-id answer
    const other = await createUser(world.company, { profile: 'admin' } as any)
    const foreign = await client.get(`/dashboard/exports/${csv.exportId}/file`).bearerToken(other.token)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_DASHBOARD_EXPORT_NOT_FOUND')
    ;(await client.get('/dashboard/exports/not-an-id').bearerToken(world.adminToken)).assertStatus(404)
  })

  test('a report larger than a page, in keyset order, with rows sharing an instant', async ({ client, assert }) => {
    const world = await inboxWorld()
    // 2,500 finished sessions over two instants: the pages' cursor must neither skip nor repeat a row.
    // Their ticket ids are above any the suite creates (nor fixtures' fake ones), so no other test meets them.
    const base = 2_100_000_000
    await db.rawQuery(
      `INSERT INTO dashboard_ticket_sessions (company_id, ticket_id, queued_at, finished_at)
       SELECT ?, ? + g, t, t
       FROM generate_series(1, 2500) g,
            LATERAL (SELECT CASE WHEN g % 2 = 0 THEN '2026-03-10 12:00:00.123456+00'::timestamptz
                                 ELSE '2026-03-10 12:00:00.123999+00'::timestamptz END AS t) x`,
      [world.company.id, base]
    )
    const { total, state, file } = await exported(client, world.adminToken, {
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      table: 'calls',
      format: 'csv',
    })
    assert.equal(total, 2500)
    assert.deepEqual(state, { status: 'done', done: 2500, total: 2500 })
    const ids = (await csvLines(file)).slice(1).map((l) => Number(l.split(',')[0]) - base)
    await db.from('dashboard_ticket_sessions').where('company_id', world.company.id).delete()
    assert.lengthOf(ids, 2500)
    assert.equal(new Set(ids).size, 2500)
    // newest first: the later instant's (odd) tickets, then the earlier's, each by id descending
    assert.deepEqual(ids.slice(0, 2), [2499, 2497])
    assert.deepEqual(ids.slice(1250, 1252), [2500, 2498])
  })

  test('another company’s export of the same report holds none of this company’s rows', async ({ client, assert }) => {
    const owner = await inboxWorld()
    const marker = `Secret ${Date.now()}`
    await aTicket(owner.company, { contactName: marker, status: 'pending' })
    const stranger = await inboxWorld()
    await aTicket(stranger.company, { contactName: 'Own contact', status: 'pending' })
    const { file } = await exported(client, stranger.adminToken, {
      table: 'calls',
      format: 'csv',
      companyId: owner.company.id,
    })
    const text = (await csvLines(file)).join('\n')
    assert.include(text, 'Own contact')
    assert.notInclude(text, marker)
  })

  test('group report times: Brazil’s zone in Portuguese, Mexico’s in Spanish (spec 1 §9)', async ({
    client,
    assert,
  }) => {
    const world = await inboxWorld()
    await track(world.company, [{ status: 'group', at: '2026-03-10T12:00:00Z' }])
    const row = async (lang: string) => {
      const { file, exportId } = await exported(client, world.adminToken, {
        date_from: '2026-03-01',
        date_to: '2026-03-31',
        table: 'groups',
        format: 'csv',
        lang,
      })
      const lines = await csvLines(file)
      // once (stop 46) this export's file held another company's calls rows: say which file it was
      const seen = `export ${exportId} of company ${world.company.id}: ${lines.length} lines, ${lines.slice(0, 3).join(' | ')}`
      assert.lengthOf(lines, 2, seen) // the header and the one row
      return { line: lines[1], seen }
    }
    const pt = await row('pt')
    assert.include(pt.line, '2026-03-10 09:00', pt.seen)
    const es = await row('es')
    assert.include(es.line, '2026-03-10 06:00', es.seen)
    const calls = await exported(client, world.adminToken, {
      date_from: '2026-03-01',
      date_to: '2026-03-31',
      table: 'calls',
      format: 'csv',
    })
    assert.lengthOf(await csvLines(calls.file), 1, 'group sessions stay out of the calls report')
  })
})
