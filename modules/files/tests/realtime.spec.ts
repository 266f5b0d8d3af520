import { test } from '@japa/runner'
import { createQueue } from '#tests/helpers/inbox'
import { listen } from '#tests/helpers/realtime'
import { createTenant } from '#tests/helpers/world'

const TEXT = 'Você é a assistente da loja. Responda dúvidas sobre produtos, preços e prazos de entrega.'

// one place for the three bot modules' live events (spec 3 §7): company-{id}-file, -prompt, -queueIntegration
test.group('bots: realtime events', () => {
  test('file lists, prompts and integrations reach their company live, never another', async ({ client, assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const base = `http://127.0.0.1:${process.env.PORT}`
    const la = listen(base, a.adminToken)
    const lb = listen(base, b.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}`)
      await lb.subscribe(`company/${b.company.id}`)
      const file = (
        await client.post('/files').bearerToken(a.adminToken).json({ name: 'Catálogo', message: 'm' })
      ).body()
      const queue = await createQueue(a.company)
      const prompt = (
        await client
          .post('/prompt')
          .bearerToken(a.adminToken)
          .json({ name: 'Assistente', prompt: TEXT, apiKey: 'sk-test-abcdefgh', queueId: queue.id })
      ).body()
      const integration = (
        await client
          .post('/queueIntegration')
          .bearerToken(a.adminToken)
          .json({ type: 'webhook', name: 'Hook', urlN8N: 'https://hooks.example.test/x' })
      ).body()
      await client.delete(`/files/${file.id}`).bearerToken(a.adminToken)

      const c = a.company.id
      const created = await la.waitFor((m) => m.event === `company-${c}-file` && m.action === 'create')
      assert.equal(created.record.id, file.id)
      const gone = await la.waitFor((m) => m.event === `company-${c}-file` && m.action === 'delete')
      assert.equal(gone.fileId, file.id)
      const p = await la.waitFor((m) => m.event === `company-${c}-prompt`)
      assert.equal(p.record.id, prompt.id)
      assert.notInclude(JSON.stringify(p), 'sk-test-abcdefgh')
      const i = await la.waitFor((m) => m.event === `company-${c}-queueIntegration`)
      assert.equal(i.record.id, integration.id)
      await new Promise((r) => setTimeout(r, 300))
      assert.isFalse(lb.messages.some((m) => String(m.event).startsWith(`company-${c}-`)))
    } finally {
      la.close()
      lb.close()
    }
  })
})
