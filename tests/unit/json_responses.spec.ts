import { test } from '@japa/runner'
import { http } from '#config/app'

test.group('JSON responses', () => {
  test('the fast serializer answers what JSON.stringify can; bigints and cycles still serialize', ({ assert }) => {
    const body = { id: 1, when: new Date('2026-11-27T00:00:00.000Z'), list: [{ a: null }], skipped: undefined }
    assert.equal(http.serializeJSON!(body), JSON.stringify(body))
    assert.equal(http.serializeJSON!({ total: 12n }), '{"total":"12"}')
    const cyclic: any = { name: 'a' }
    cyclic.self = cyclic
    assert.equal(http.serializeJSON!(cyclic), '{"name":"a"}')
  })
})
