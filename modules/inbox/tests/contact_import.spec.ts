import { test } from '@japa/runner'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { listen } from '#tests/helpers/realtime'
import { parseSheetInWorker } from '../services/contact_sheet.js'
import { agent, inboxWorld, rand, startWorkers, waitFor } from '#tests/helpers/inbox'

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('contatos')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

const base = () => `http://${process.env.HOST}:${process.env.PORT}`

/** Uploads a sheet; when the answer is 202 (still importing), follows the import to its end. */
async function importSheet(client: ApiClient, token: string, file: Buffer, path = '/contacts/upload') {
  const r = await client.post(path).bearerToken(token).file('file', file, { filename: 'contatos.xlsx' })
  if (r.status() !== 202) return { status: r.status(), body: r.body() }
  const importId = r.body().importId
  const body = await waitFor(async () => {
    const s = await client.get(`/contacts/import/${importId}`).bearerToken(token)
    return ['done', 'failed'].includes(s.body().status) && s.body()
  }, 30_000)
  return { status: body.status === 'done' ? 200 : 422, body: { ...body, error: body.error } }
}

test.group('contacts import and export', (group) => {
  group.each.setup(() => startWorkers())
  group.each.timeout(60_000)

  test('xlsx upload is imported by the job with one result per row; a second upload creates nothing', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const existing = rand()
    await db.table('contacts').insert({ company_id: w.company.id, name: 'Já existe', number: existing })
    const n1 = rand()
    const n2 = rand()
    const file = await xlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Ana Souza', `+${n1.slice(0, 2)} (${n1.slice(2, 4)}) ${n1.slice(4)}`, 'ana@example.test'],
      ['Repetido', existing, ''],
      ['Sem número', '123', ''],
      ['Bruno', n2, 'email-invalido'],
      ['', n2.slice(0, -1) + '7', ''],
      ['Mesmo número', n2.slice(0, -1) + '7', ''],
    ])
    const r = await importSheet(client, w.adminToken, file)
    assert.equal(r.status, 200)
    assert.equal(r.body.status, 'done')
    assert.match(r.body.importId, /^[0-9a-f-]{36}$/)
    assert.equal(r.body.total, 6)
    assert.equal(r.body.created, 2)
    assert.deepEqual(
      r.body.results.map((x: any) => [x.row, x.status, x.error ?? null]),
      [
        [2, 'created', null],
        [3, 'duplicate', null],
        [4, 'invalid', 'number'],
        [5, 'invalid', 'email'],
        [6, 'created', null],
        [7, 'duplicate', null],
      ]
    )
    const ana = await db.from('contacts').where({ company_id: w.company.id, number: n1 }).firstOrFail()
    assert.equal(ana.email, 'ana@example.test')
    assert.equal(r.body.results[0].id, ana.id)

    // the finished import can be read back by its id
    const state = await client.get(`/contacts/import/${r.body.importId}`).bearerToken(w.adminToken)
    state.assertStatus(200)
    assert.equal(state.body().created, 2)
    assert.lengthOf(state.body().results, 6)

    const again = await importSheet(client, w.adminToken, file, '/contacts/import')
    assert.equal(again.status, 200)
    assert.equal(again.body.created, 0)
  })

  test('a file whose content is not the declared type is refused before parsing; oversized is 413', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const refuse = async (content: Buffer, filename: string) => {
      const r = await client.post('/contacts/upload').bearerToken(w.adminToken).file('file', content, { filename })
      return r
    }
    const zip = await xlsx([['number'], [rand()]])
    for (const [content, name] of [
      [Buffer.from('not a zip'), 'x.xlsx'],
      [Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'x.xlsx'],
      [Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex'), 'x.xlsx'], // an old .xls renamed
      [zip, 'x.csv'], // an xlsx (zip) declared as csv
      [Buffer.from([0x6e, 0x75, 0x6d, 0x62, 0x65, 0x72, 0x0a, 0x00, 0x01, 0x02]), 'x.csv'], // binary as csv
    ] as const) {
      const r = await refuse(content, name)
      assert.equal(r.status(), 422, `${name}: ${r.text()}`)
      assert.equal(r.body().error, 'ERR_IMPORT_FILE_CONTENT', name)
      assert.notProperty(r.body(), 'importId', 'no job for a refused file')
    }
    const wrongType = await refuse(Buffer.from('x'), 'x.pdf')
    wrongType.assertStatus(422)
    assert.equal(wrongType.body().error, 'ERR_INVALID_FILE_TYPE')
    const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 0x41)
    big.write('PK\x03\x04', 0, 'latin1')
    const tooBig = await refuse(big, 'big.xlsx')
    tooBig.assertStatus(413)
    assert.equal(tooBig.body().error, 'ERR_PAYLOAD_TOO_LARGE')
    const none = await client.post('/contacts/upload').bearerToken(w.adminToken)
    none.assertStatus(422)

    // a real sheet without a number column fails in the job, with the same code as before
    const noHeader = await importSheet(
      client,
      w.adminToken,
      await xlsx([
        ['foo', 'bar'],
        ['a', 'b'],
      ])
    )
    assert.equal(noHeader.status, 422)
    assert.equal(noHeader.body.error, 'ERR_IMPORT_FILE')
    // a csv is read too
    const n = rand()
    const csv = await importSheet(client, w.adminToken, Buffer.from(`nome,numero\nCsv Cliente,${n}\n`))
    assert.equal(csv.status, 422, 'named .xlsx but csv text: refused')
    const csvOk = await client
      .post('/contacts/upload')
      .bearerToken(w.adminToken)
      .file('file', Buffer.from(`nome,numero\nCsv Cliente,${n}\n`), { filename: 'c.csv' })
    assert.include([200, 202], csvOk.status(), csvOk.text())
    await waitFor(() => db.from('contacts').where({ company_id: w.company.id, number: n }).first())

    const emptyRows = await client.post('/contactsImport').bearerToken(w.adminToken).json({ contacts: [] })
    emptyRows.assertStatus(422)
    const rows = await client
      .post('/contactsImport')
      .bearerToken(w.adminToken)
      .json([
        { name: 'Carla', number: rand() },
        { name: 'X', number: 'abc' },
      ])
    rows.assertStatus(200)
    assert.deepEqual(
      rows.body().results.map((x: any) => x.status),
      ['created', 'invalid']
    )
  })

  test('a big sheet: the request answers at once, the job imports it with progress events', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const count = 10_000
    const first = 5511000000000 + Math.floor(Math.random() * 1_000_000) * 10_000
    const pad = 'x'.repeat(120)
    const file = await xlsx([
      ['nome', 'numero', 'observação'],
      ...Array.from({ length: count }, (_, i) => [`Cliente ${i}`, String(first + i), `${i} ${pad}`]),
    ])
    const l = listen(base(), w.adminToken)
    try {
      await l.subscribe(`company/${w.company.id}/user/${w.admin.id}`)
      const t0 = Date.now()
      const r = await client
        .post('/contacts/upload')
        .qs({ wait: 0 })
        .bearerToken(w.adminToken)
        .file('file', file, { filename: 'grande.xlsx' })
      const answeredIn = Date.now() - t0
      r.assertStatus(202)
      assert.isBelow(answeredIn, 3000, 'the upload answers without parsing')
      const importId = r.body().importId
      assert.isString(importId)

      // the server keeps answering while the job works
      let slowest = 0
      let state: any
      for (;;) {
        const h0 = Date.now()
        const health = await client.get('/health')
        slowest = Math.max(slowest, Date.now() - h0)
        assert.isBelow(health.status(), 500)
        state = (await client.get(`/contacts/import/${importId}`).bearerToken(w.adminToken)).body()
        if (state.status === 'done' || state.status === 'failed') break
        assert.include(['queued', 'processing'], state.status)
        await new Promise((res) => setTimeout(res, 100))
      }
      assert.isBelow(slowest, 1000, '/health stays fast during the import')
      assert.equal(state.status, 'done', JSON.stringify(state).slice(0, 300))
      assert.equal(state.total, count)
      assert.equal(state.created, count)
      assert.deepEqual(state.results[0], { row: 2, status: 'created', id: state.results[0].id, number: String(first) })
      assert.equal(state.results[count - 1].row, count + 1)

      // the same progress events as before ({ action: 'progress', done, total }), then the end
      const done = await l.waitFor((m) => m.action === 'done' && m.importId === importId, 10_000)
      assert.equal(done.event, `company-${w.company.id}-contactImport`)
      assert.equal(done.created, count)
      const progress = l.messages.filter((m) => m.action === 'progress')
      assert.isAtLeast(progress.length, 2)
      assert.deepEqual(progress.at(-1).total, count)
      assert.deepEqual(progress.at(-1).done, count)
      const stored = await db.from('contacts').where('company_id', w.company.id).count('* as n').first()
      assert.equal(Number(stored!.n), count)
    } finally {
      l.close()
    }
  })

  test('row cap and time cap of the parse', async ({ assert }) => {
    const sheet = await xlsx([['number'], [rand()], [rand()], [rand()]])
    assert.deepEqual(await parseSheetInWorker(sheet, 'xlsx', { maxRows: 2 }), {
      ok: false,
      error: 'ERR_IMPORT_TOO_MANY_ROWS',
      details: { maxRows: 2 },
    })
    const slow = await parseSheetInWorker(sheet, 'xlsx', { timeoutMs: 1 })
    assert.equal(slow.ok ? 'ok' : slow.error, 'ERR_IMPORT_TIMEOUT')
    const ok = await parseSheetInWorker(sheet, 'xlsx', { maxRows: 3 })
    assert.isTrue(ok.ok)
    assert.lengthOf(ok.ok ? ok.rows : [], 3)
  })

  test('only admins import and export contacts (403 for an attendant)', async ({ client, assert }) => {
    const w = await inboxWorld()
    const u = await agent(w)
    const n = rand()
    const file = await xlsx([
      ['nome', 'numero'],
      ['Tentativa', n],
    ])
    for (const path of ['/contacts/upload', '/contacts/import']) {
      const r = await client.post(path).bearerToken(u.token).file('file', file, { filename: 'c.xlsx' })
      assert.equal(r.status(), 403, path)
      assert.equal(r.body().error, 'ERR_NO_PERMISSION')
    }
    const rows = await client
      .post('/contactsImport')
      .bearerToken(u.token)
      .json([{ name: 'Tentativa', number: n }])
    rows.assertStatus(403)
    const chats = await client.post('/contacts/import/chats').bearerToken(u.token).json({})
    chats.assertStatus(403)
    const exported = await client.post('/contacts/exports').bearerToken(u.token).json({})
    exported.assertStatus(403)
    assert.equal(exported.body().error, 'ERR_NO_PERMISSION')
    assert.isNull(await db.from('contacts').where({ company_id: w.company.id, number: n }).first())

    // an admin's import cannot be read by an attendant, nor by another company
    const mine = await client
      .post('/contacts/upload')
      .qs({ wait: 0 })
      .bearerToken(w.adminToken)
      .file('file', file, { filename: 'c.xlsx' })
    assert.include([200, 202], mine.status())
    const id = mine.body().importId
    ;(await client.get(`/contacts/import/${id}`).bearerToken(u.token)).assertStatus(403)
    const other = await inboxWorld()
    const foreign = await client.get(`/contacts/import/${id}`).bearerToken(other.adminToken)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_IMPORT_NOT_FOUND')
    ;(await client.get('/contacts/import/not-a-uuid').bearerToken(w.adminToken)).assertStatus(404)
  })

  test('export is an xlsx of the company only, for admins', async ({ client, assert }) => {
    const w = await inboxWorld()
    const other = await inboxWorld()
    const mine = rand()
    const [contact] = await db
      .table('contacts')
      .insert({ company_id: w.company.id, name: 'Minha Cliente', number: mine })
      .returning('id')
    const tags = await db
      .table('tags')
      .insert([
        { company_id: w.company.id, name: 'Varejo', color: '#00ff00' },
        { company_id: w.company.id, name: 'Atacado', color: '#ff0000' },
      ])
      .returning('id')
    await db.table('contact_tags').insert(tags.map((t: any) => ({ contact_id: contact.id, tag_id: t.id })))
    await db.table('contacts').insert({ company_id: other.company.id, name: 'Cliente de Outro', number: rand() })
    await tenancy.run(w.company.id, () => companySettings.set('lgpdHideNumber', 'enabled'))
    // a job with progress, then the file; only for the admin who asked
    const started = await client.post('/contacts/exports').bearerToken(w.adminToken).json({})
    started.assertStatus(202)
    const { exportId, total } = started.body()
    assert.equal(total, 1)
    let state: any
    for (let i = 0; i < 100; i++) {
      state = (await client.get(`/contacts/exports/${exportId}`).bearerToken(w.adminToken)).body()
      if (state.status === 'done' || state.status === 'failed') break
      await new Promise((res) => setTimeout(res, 100))
    }
    assert.deepEqual(state, { status: 'done', done: 1, total: 1 })
    const foreign = await client.get(`/contacts/exports/${exportId}/file`).bearerToken(other.adminToken)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_CONTACT_EXPORT_NOT_FOUND')
    // raw bytes over the real server (the api client decodes bodies as text)
    const r = await fetch(`${base()}/contacts/exports/${exportId}/file`, {
      headers: { authorization: `Bearer ${w.adminToken}` },
    })
    assert.equal(r.status, 200)
    assert.include(r.headers.get('content-type'), 'spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await r.arrayBuffer()) as any)
    const out: string[][] = []
    wb.worksheets[0].eachRow((row) => out.push((row.values as any[]).slice(1).map((v) => String(v ?? ''))))
    assert.deepEqual(out[0], ['id', 'name', 'number', 'email', 'tags'])
    assert.lengthOf(out, 2)
    // admins see whole numbers even under lgpdHideNumber
    assert.equal(out[1][2], mine)
    assert.equal(out[1][4], 'Atacado, Varejo')
  })
})
