import { test } from '@japa/runner'
import { createTenant, superSession } from '#tests/helpers/world'
import { listen } from '#tests/helpers/realtime'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

test.group('announcements', () => {
  test('create with defaults, list with search and paging; inactive ones hidden from non-super users', async ({
    client,
    assert,
  }) => {
    const { token } = await superSession()
    const { adminToken } = await createTenant()
    const a = await client
      .post('/announcements')
      .bearerToken(token)
      .json({ title: 'Manutenção programada', text: 'Hoje às 22h' })
    a.assertStatus(201)
    assert.equal(a.body().priority, 3)
    assert.isTrue(a.body().status)
    const hidden = await client
      .post('/announcements')
      .bearerToken(token)
      .json({ title: 'Rascunho secreto', text: 'x', status: false, priority: 1 })

    const seen = await client.get('/announcements').bearerToken(adminToken).qs({ searchParam: 'manutenção' })
    seen.assertStatus(200)
    assert.isTrue(seen.body().records.some((r: any) => r.id === a.body().id))
    const all = await client.get('/announcements').bearerToken(adminToken)
    assert.isFalse(all.body().records.some((r: any) => r.id === hidden.body().id))
    ;(await client.get(`/announcements/${hidden.body().id}`).bearerToken(adminToken)).assertStatus(404)
    ;(await client.get(`/announcements/${hidden.body().id}`).bearerToken(token)).assertStatus(200)
    assert.properties(all.body(), ['records', 'hasMore', 'count'])
  })

  test('image attachment accepts png/jpg/jpeg only and is served by a signed URL', async ({ client, assert }) => {
    const { token } = await superSession()
    const { adminToken } = await createTenant()
    const a = await client.post('/announcements').bearerToken(token).json({ title: 'Com imagem', text: 'x' })
    const id = a.body().id
    const bad = await client
      .post(`/announcements/${id}/media-upload`)
      .bearerToken(token)
      .file('file', Buffer.from('GIF89a....'), { filename: 'x.gif' })
    bad.assertStatus(422)
    bad.assertBodyContains({ error: 'ERR_INVALID_FILE_TYPE' })
    const up = await client
      .post(`/announcements/${id}/media-upload`)
      .bearerToken(token)
      .file('file', png, { filename: 'banner.png' })
    up.assertStatus(200)
    assert.equal(up.body().mediaName, 'banner.png')
    const url: string = (await client.get(`/announcements/${id}`).bearerToken(adminToken)).body().mediaPath
    assert.match(url, /^\/media\/global\/announcements\/.+\.png\?cid=\d+&exp=\d+&sig=/)
    const file = await client.get(url)
    file.assertStatus(200)
    ;(await client.get(url.replace(/sig=[^&]+/, 'sig=forged'))).assertStatus(404)
    ;(await client.get(url.split('?')[0])).assertStatus(404)

    const removed = await client.delete(`/announcements/${id}/media-upload`).bearerToken(token)
    assert.isNull(removed.body().mediaPath)
  })

  test('validation errors and non-super writes', async ({ client }) => {
    const { token } = await superSession()
    const { adminToken } = await createTenant()
    ;(await client.post('/announcements').bearerToken(token).json({ title: '', priority: 7 })).assertStatus(422)
    ;(await client.post('/announcements').bearerToken(adminToken).json({ title: 'x', text: 'y' })).assertStatus(403)
  })

  test('company-announcement reaches users of every company live', async ({ client, assert }) => {
    const { token } = await superSession()
    const a = await createTenant()
    const b = await createTenant()
    const base = `http://127.0.0.1:${process.env.PORT}`
    const la = listen(base, a.adminToken)
    const lb = listen(base, b.adminToken)
    try {
      await la.subscribe('platform')
      await lb.subscribe('platform')
      const created = await client
        .post('/announcements')
        .bearerToken(token)
        .json({ title: 'Para todos', text: 'Olá', priority: 1 })
      for (const l of [la, lb]) {
        const got = await l.waitFor((m) => m.event === 'company-announcement' && m.record?.id === created.body().id)
        assert.equal(got.action, 'create')
        assert.equal(got.record.priority, 1)
      }
    } finally {
      la.close()
      lb.close()
    }
  })

  test('an inactive announcement never reaches other users live, only its removal', async ({ client, assert }) => {
    const { token } = await superSession()
    const b = await createTenant()
    const lb = listen(`http://127.0.0.1:${process.env.PORT}`, b.adminToken)
    try {
      await lb.subscribe('platform')
      const draft = await client
        .post('/announcements')
        .bearerToken(token)
        .json({ title: 'Rascunho confidencial', text: 'ainda não', status: false })
      const removal = await lb.waitFor((m) => m.event === 'company-announcement' && m.id === draft.body().id)
      assert.equal(removal.action, 'delete')
      await client.put(`/announcements/${draft.body().id}`).bearerToken(token).json({ status: true })
      const shown = await lb.waitFor((m) => m.record?.id === draft.body().id)
      assert.equal(shown.action, 'update')
      assert.isFalse(lb.messages.some((m) => m.record?.id === draft.body().id && m.record.status === false))
    } finally {
      lb.close()
    }
  })
})
