import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import { realtime } from '#core/realtime'
import { startWorkers, waitFor } from '#tests/helpers/inbox'
import { createTenant, uid } from '#tests/helpers/world'

export async function sheet(header: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Contatos')
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

test.group('campaigns: contact list import', (group) => {
  group.each.setup(() => startWorkers())

  test('an xlsx with the reference headers fills the list; duplicates and bad rows are reported per row', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const list = await client
      .post('/contact-lists')
      .bearerToken(adminToken)
      .json({ name: `Lista ${uid()}` })
    const listId = list.body().id
    await client
      .post('/contact-list-items')
      .bearerToken(adminToken)
      .json({ name: 'Já Estava', number: '5511900000001', contactListId: listId })
    const events: any[] = []
    const stop = realtime.tap((_channel, payload) => {
      if (payload.event === `company-${company.id}-ContactListItem` && payload.contactListId === listId)
        events.push(payload)
    })
    try {
      const file = await sheet(
        ['Nome', 'Número', 'E-mail'],
        [
          ['Ana Souza', '+55 (11) 90000-0002', 'ana@example.test'],
          ['Já Estava', '5511900000001', ''],
          ['Sem número', '123', ''],
          ['Bruno', '5511900000003', 'não é e-mail'],
          ['Ana de novo', '5511900000002', ''],
          ['Carla', 5511900000004, ''],
        ]
      )
      const r = await client
        .post(`/contact-lists/${listId}/upload`)
        .bearerToken(adminToken)
        .file('file', file, { filename: 'contatos.xlsx' })
      r.assertStatus(202)
      const done = await waitFor(async () => events.find((e) => e.action === 'imported'))
      assert.deepEqual(
        done.results.map((x: any) => [x.row, x.status, x.reason ?? null]),
        [
          [2, 'created', null],
          [3, 'duplicate', null],
          [4, 'invalid', 'number'],
          [5, 'invalid', 'email'],
          [6, 'duplicate', null],
          [7, 'created', null],
        ]
      )
      assert.isTrue(events.some((e) => e.action === 'progress' && e.done === 6 && e.total === 6))
      await waitFor(async () => events.some((e) => e.action === 'reload'))
      const items = await db.from('contact_list_items').where('contact_list_id', listId).orderBy('number')
      assert.deepEqual(
        items.map((i: any) => [i.name, i.number, i.email]),
        [
          ['Já Estava', '5511900000001', null],
          ['Ana Souza', '5511900000002', 'ana@example.test'],
          ['Carla', '5511900000004', null],
        ]
      )
    } finally {
      stop()
    }
  }).timeout(30000)

  test('an xls (the legacy binary format, written by another program) fills the list too', async ({
    client,
    assert,
  }) => {
    const { company, adminToken } = await createTenant()
    const list = await client
      .post('/contact-lists')
      .bearerToken(adminToken)
      .json({ name: `Lista ${uid()}` })
    const listId = list.body().id
    const events: any[] = []
    const stop = realtime.tap((_channel, payload) => {
      if (payload.event === `company-${company.id}-ContactListItem` && payload.contactListId === listId)
        events.push(payload)
    })
    try {
      // written by xlwt: 200 contacts, numbers as numeric cells, accents, a shared string spanning CONTINUE records
      const file = readFileSync(new URL('../../inbox/tests/fixtures/contacts.xls', import.meta.url))
      const r = await client
        .post(`/contact-lists/${listId}/upload`)
        .bearerToken(adminToken)
        .file('file', file, { filename: 'contatos.xls' })
      r.assertStatus(202)
      const done = await waitFor(async () => events.find((e) => e.action === 'imported'), 30000)
      assert.lengthOf(done.results, 200)
      const items = await db.from('contact_list_items').where('contact_list_id', listId).orderBy('number')
      const byNumber = new Map(items.map((i: any) => [i.number, i]))
      assert.equal(byNumber.get('5511987654321')?.name, 'João da Silva')
      assert.equal(byNumber.get('5511987654321')?.email, 'joao@example.com')
      assert.equal(byNumber.get('5521912345678')?.name, 'Zoë Ñandú')
      assert.equal(byNumber.get('5500000000150')?.name, 'Cliente 150')
      // the 10,006-character name is read whole, and refused by the item rules
      assert.deepEqual(
        done.results.filter((x: any) => x.status !== 'created').map((x: any) => [x.row, x.status, x.reason]),
        [[201, 'invalid', 'name']]
      )
    } finally {
      stop()
    }
  }).timeout(40000)

  test('only xlsx, xls or csv whose content matches; admins only; another company cannot upload', async ({
    client,
    assert,
  }) => {
    const owner = await createTenant()
    const intruder = await createTenant()
    const list = await client.post('/contact-lists').bearerToken(owner.adminToken).json({ name: 'Lista' })
    const listId = list.body().id
    const ods = await client
      .post(`/contact-lists/${listId}/upload`)
      .bearerToken(owner.adminToken)
      .file('file', Buffer.from('x'), { filename: 'planilha.ods' })
    ods.assertStatus(422)
    assert.equal(ods.body().error, 'ERR_INVALID_FILE_TYPE')
    const notXls = await client
      .post(`/contact-lists/${listId}/upload`)
      .bearerToken(owner.adminToken)
      .file('file', Buffer.from('PK\x03\x04 a zip named xls'), { filename: 'velho.xls' })
    notXls.assertStatus(422)
    assert.equal(notXls.body().error, 'ERR_IMPORT_FILE_CONTENT')
    const fake = await client
      .post(`/contact-lists/${listId}/upload`)
      .bearerToken(owner.adminToken)
      .file('file', Buffer.from('not a zip at all'), { filename: 'falso.xlsx' })
    fake.assertStatus(422)
    assert.equal(fake.body().error, 'ERR_IMPORT_FILE_CONTENT')
    const none = await client.post(`/contact-lists/${listId}/upload`).bearerToken(owner.adminToken)
    none.assertStatus(422)
    const good = await sheet(['nome', 'numero'], [['Ana', '5511900000009']])
    ;(
      await client
        .post(`/contact-lists/${listId}/upload`)
        .bearerToken(intruder.adminToken)
        .file('file', good, { filename: 'c.xlsx' })
    ).assertStatus(404)
  })
})
