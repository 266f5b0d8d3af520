import { test } from '@japa/runner'
import { createTenant, superSession } from '#tests/helpers/world'

test.group('helps', () => {
  test('the super user manages helps; everyone lists them', async ({ client, assert }) => {
    const { token } = await superSession()
    const { adminToken } = await createTenant()
    const created = await client
      .post('/helps')
      .bearerToken(token)
      .json({ title: 'Primeiros passos', description: 'Vídeo', video: 'https://youtu.be/dQw4w9WgXcQ' })
    created.assertStatus(201)
    assert.equal(created.body().video, 'dQw4w9WgXcQ')
    const id = created.body().id

    const list = await client.get('/helps').bearerToken(adminToken)
    list.assertStatus(200)
    assert.isTrue(list.body().some((h: any) => h.id === id))

    ;(await client.put(`/helps/${id}`).bearerToken(adminToken).json({ title: 'x' })).assertStatus(403)
    const updated = await client.put(`/helps/${id}`).bearerToken(token).json({ title: 'Segundos passos' })
    updated.assertBodyContains({ title: 'Segundos passos' })
    ;(await client.delete(`/helps/${id}`).bearerToken(token)).assertStatus(204)
    ;(await client.delete(`/helps/${id}`).bearerToken(token)).assertStatus(404)
  })

  test('bad input gives ERR_VALIDATION with the fields, never 500', async ({ client, assert }) => {
    const { token } = await superSession()
    const r = await client.post('/helps').bearerToken(token).json({ title: '', link: 'not a url' })
    r.assertStatus(422)
    assert.includeMembers(
      r.body().fields.map((f: any) => f.field),
      ['title', 'link']
    )
    ;(await client.put('/helps/abc').bearerToken(token).json({})).assertStatus(404)
    ;(await client.put('/helps/99999999999').bearerToken(token).json({})).assertStatus(404)
  })
})
