import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createTenant, createUser } from '#tests/helpers/world'
import { sniff } from '../services/sniff.js'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

test.group('files: file lists', () => {
  test('any user creates, lists, searches, renames and deletes a list with its options', async ({ client, assert }) => {
    const { company } = await createTenant()
    const { token } = await createUser(company)
    const created = await client
      .post('/files')
      .bearerToken(token)
      .json({ name: '  Catálogo ', message: 'Segue o catálogo', options: [{ name: 'Preços' }, { name: 'Fotos' }] })
    created.assertStatus(201)
    const list = created.body()
    assert.equal(list.name, 'Catálogo')
    assert.deepEqual(
      list.options.map((o: any) => [o.name, o.path, o.mediaType, o.url]),
      [
        ['Preços', null, null, null],
        ['Fotos', null, null, null],
      ]
    )

    const page = await client.get('/files').qs({ searchParam: 'catál', pageNumber: 1 }).bearerToken(token)
    assert.deepEqual(
      page.body().files.map((f: any) => f.id),
      [list.id]
    )
    assert.isFalse(page.body().hasMore)
    assert.lengthOf((await client.get('/files').qs({ searchParam: 'nada' }).bearerToken(token)).body().files, 0)

    // keep the first option (renamed), drop the second, add a third
    const updated = await client
      .put(`/files/${list.id}`)
      .bearerToken(token)
      .json({
        name: 'Catálogo 2026',
        message: 'Novo',
        options: [{ id: list.options[0].id, name: 'Tabela' }, { name: 'Vídeo' }],
      })
    updated.assertStatus(200)
    assert.deepEqual(
      updated.body().options.map((o: any) => o.name),
      ['Tabela', 'Vídeo']
    )
    assert.equal(updated.body().options[0].id, list.options[0].id)

    const deleted = await client.delete(`/files/${list.id}`).bearerToken(token)
    deleted.assertStatus(200)
    assert.isString(deleted.body().message)
    ;(await client.get(`/files/${list.id}`).bearerToken(token)).assertStatus(404)
  })

  test('validation: name at least 3, message required, unknown ids 404', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    for (const body of [{ name: 'ab', message: 'x' }, { name: 'Lista', message: '' }, { name: 'Lista' }, { name: 5 }]) {
      const r = await client.post('/files').bearerToken(adminToken).json(body)
      r.assertStatus(422)
      assert.equal(r.body().error, 'ERR_VALIDATION')
    }
    const r = await client.get('/files/999999999').bearerToken(adminToken)
    r.assertStatus(404)
    assert.equal(r.body().error, 'ERR_NO_FILE_LIST_FOUND')
    ;(await client.get('/files/abc').bearerToken(adminToken)).assertStatus(404)
    const created = await client.post('/files').bearerToken(adminToken).json({ name: 'Lista', message: 'm' })
    const bad = await client
      .put(`/files/${created.body().id}`)
      .bearerToken(adminToken)
      .json({ name: 'Lista', message: 'm', options: [{ id: 999999999, name: 'x' }] })
    bad.assertStatus(404)
    assert.equal(bad.body().error, 'ERR_NO_FILE_OPTION_FOUND')
  })

  test('upload: content sniffed, stored privately, served signed; wrong content or extension refused', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const list = (
      await client
        .post('/files')
        .bearerToken(adminToken)
        .json({ name: 'Lista', message: 'm', options: [{ name: 'Foto' }] })
    ).body()
    const up = await client
      .post(`/files/uploadList/${list.id}`)
      .bearerToken(adminToken)
      .field('fileId', String(list.options[0].id))
      .field('mediaType', 'video') // ignored: the content says image
      .file('files', PNG, { filename: 'foto.png' })
    up.assertStatus(200)
    const option = up.body().options[0]
    assert.equal(option.path, 'foto.png')
    assert.equal(option.mediaType, 'image')
    assert.match(option.url, /^\/media\/c\d+\/file-lists\/\d+\/.+\.png\?cid=\d+&exp=\d+&sig=/)
    const served = await client.get(option.url)
    served.assertStatus(200)
    // unsigned: refused
    assert.include([403, 404], (await client.get(option.url.replace(/sig=[^&]+/, 'sig=x'))).status())

    // a second file without fileId becomes a new option named as asked
    const more = await client
      .post(`/files/uploadList/${list.id}`)
      .bearerToken(adminToken)
      .field('name', 'Tabela de preços')
      .file('files', PDF, { filename: 'precos.pdf' })
    more.assertStatus(200)
    assert.deepEqual(
      more.body().options.map((o: any) => [o.name, o.mediaType]),
      [
        ['Foto', 'image'],
        ['Tabela de preços', 'document'],
      ]
    )

    const cases: [Buffer, string, string][] = [
      [Buffer.from('MZ\x90\x00binary'), 'virus.exe', 'ERR_FILE_CONTENT_MISMATCH'],
      [Buffer.from('MZ\x90\x00binary'), 'foto.png', 'ERR_FILE_CONTENT_MISMATCH'],
      [PNG, 'foto.pdf', 'ERR_INVALID_FILE_TYPE'],
    ]
    for (const [content, filename, code] of cases) {
      const r = await client
        .post(`/files/uploadList/${list.id}`)
        .bearerToken(adminToken)
        .file('files', content, { filename })
      assert.equal(r.status(), 422, filename)
      assert.equal(r.body().error, code)
    }
    const none = await client.post(`/files/uploadList/${list.id}`).bearerToken(adminToken).field('name', 'x')
    none.assertStatus(422)
    const foreign = await client
      .post(`/files/uploadList/${list.id}`)
      .bearerToken(adminToken)
      .field('fileId', '999999999')
      .file('files', PNG, { filename: 'a.png' })
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, 'ERR_NO_FILE_OPTION_FOUND')
    const rows = await db.from('file_list_options').where('file_list_id', list.id)
    assert.lengthOf(rows, 2)
  })

  test('too large files are refused with 413', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const list = (await client.post('/files').bearerToken(adminToken).json({ name: 'Lista', message: 'm' })).body()
    const big = Buffer.concat([PDF, Buffer.alloc(16 * 1024 * 1024 + 10, 0x20)])
    const r = await client
      .post(`/files/uploadList/${list.id}`)
      .bearerToken(adminToken)
      .file('files', big, { filename: 'big.pdf' })
    r.assertStatus(413)
    assert.equal(r.body().error, 'ERR_PAYLOAD_TOO_LARGE')
  })

  test('sniff: content decides, the extension must agree', ({ assert }) => {
    assert.equal(sniff(PNG, 'png')?.kind, 'image')
    assert.equal(sniff(PDF, 'pdf')?.mime, 'application/pdf')
    assert.isNull(sniff(Buffer.from('PK\x03\x04....'), 'exe'))
    assert.equal(sniff(Buffer.from('PK\x03\x04....'), 'docx')?.kind, 'document')
    assert.equal(sniff(Buffer.from('nome;numero\nAna;55\n'), 'csv')?.mime, 'text/csv')
    assert.isNull(sniff(Buffer.from('a\x00b'), 'txt'))
    assert.equal(sniff(Buffer.from('OggS\x00\x02'), 'ogg')?.kind, 'audio')
    assert.equal(sniff(Buffer.from('\x00\x00\x00\x18ftypmp42'), 'mp4')?.kind, 'video')
  })
})

test.group('files: office and text files', () => {
  test('a csv and a docx are stored under their own extension', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const list = (await client.post('/files').bearerToken(adminToken).json({ name: 'Lista', message: 'm' })).body()
    for (const [content, filename] of [
      [Buffer.from('nome;numero\nAna;5511\n'), 'contatos.csv'],
      [Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(60, 1)]), 'contrato.docx'],
    ] as [Buffer, string][]) {
      const r = await client
        .post(`/files/uploadList/${list.id}`)
        .bearerToken(adminToken)
        .file('files', content, { filename })
      assert.equal(r.status(), 200, filename)
    }
    const rows = await db.from('file_list_options').where('file_list_id', list.id).orderBy('id')
    assert.deepEqual(
      rows.map((r: any) => [r.file_name, r.mime, r.path.split('.').pop()]),
      [
        ['contatos.csv', 'text/csv', 'csv'],
        ['contrato.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
      ]
    )
  })
})
