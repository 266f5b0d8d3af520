import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { agent, inboxWorld, rand } from './helpers.js'

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('contatos')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

test.group('contacts import and export', () => {
  test('xlsx upload gives one result per row; a second upload creates nothing', async ({ client, assert }) => {
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
      ['', rand(), ''],
    ])
    const r = await client
      .post('/contacts/upload')
      .bearerToken(w.adminToken)
      .file('file', file, { filename: 'contatos.xlsx' })
    r.assertStatus(200)
    assert.equal(r.body().total, 5)
    assert.equal(r.body().created, 2)
    assert.deepEqual(
      r.body().results.map((x: any) => [x.row, x.status, x.error ?? null]),
      [
        [2, 'created', null],
        [3, 'duplicate', null],
        [4, 'invalid', 'number'],
        [5, 'invalid', 'email'],
        [6, 'created', null],
      ]
    )
    const ana = await db.from('contacts').where({ company_id: w.company.id, number: n1 }).firstOrFail()
    assert.equal(ana.email, 'ana@example.test')

    const again = await client
      .post('/contacts/import')
      .bearerToken(w.adminToken)
      .file('file', file, { filename: 'contatos.xlsx' })
    assert.equal(again.body().created, 0)
  })

  test('bad files and rows are refused with clear codes', async ({ client, assert }) => {
    const w = await inboxWorld()
    const noHeader = await client
      .post('/contacts/upload')
      .bearerToken(w.adminToken)
      .file(
        'file',
        await xlsx([
          ['foo', 'bar'],
          ['a', 'b'],
        ]),
        { filename: 'x.xlsx' }
      )
    noHeader.assertStatus(422)
    noHeader.assertBodyContains({ error: 'ERR_IMPORT_FILE' })
    const garbage = await client
      .post('/contacts/upload')
      .bearerToken(w.adminToken)
      .file('file', Buffer.from('not a zip'), { filename: 'x.xlsx' })
    garbage.assertStatus(422)
    assert.include(['ERR_IMPORT_FILE', 'ERR_INVALID_FILE_TYPE'], garbage.body().error)
    const wrongType = await client
      .post('/contacts/upload')
      .bearerToken(w.adminToken)
      .file('file', Buffer.from('x'), { filename: 'x.pdf' })
    wrongType.assertStatus(422)
    const none = await client.post('/contacts/upload').bearerToken(w.adminToken)
    none.assertStatus(422)
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

  test('export is an xlsx of the company only, masked for a profile user under lgpdHideNumber', async ({ assert }) => {
    const w = await inboxWorld()
    const other = await inboxWorld()
    const mine = rand()
    await db.table('contacts').insert({ company_id: w.company.id, name: 'Minha Cliente', number: mine })
    await db.table('contacts').insert({ company_id: other.company.id, name: 'Cliente de Outro', number: rand() })
    await db
      .from('company_settings')
      .where({ company_id: w.company.id, key: 'lgpdHideNumber' })
      .update({ value: 'enabled' })
    const read = async (token: string) => {
      // raw bytes over the real server (the api client decodes bodies as text)
      const r = await fetch(`http://${process.env.HOST}:${process.env.PORT}/contacts/export`, {
        headers: { authorization: `Bearer ${token}` },
      })
      assert.equal(r.status, 200)
      assert.include(r.headers.get('content-type'), 'spreadsheetml')
      const wb = new ExcelJS.Workbook()
      await wb.xlsx.load((await r.arrayBuffer()) as any)
      const ws = wb.worksheets[0]
      const out: string[][] = []
      ws.eachRow((row) => out.push((row.values as any[]).slice(1).map((v) => String(v ?? ''))))
      return out
    }
    const asAdmin = await read(w.adminToken)
    assert.deepEqual(asAdmin[0], ['id', 'name', 'number', 'email', 'tags'])
    assert.lengthOf(asAdmin, 2)
    assert.equal(asAdmin[1][2], mine)
    const u = await agent(w)
    const asUser = await read(u.token)
    assert.match(asUser[1][2], /^\*+\d\d$/)
  })
})
