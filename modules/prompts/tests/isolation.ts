import { defineIsolationCases } from '#tests/helpers/isolation'
import { createQueue } from '#tests/helpers/inbox'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import Prompt from '../models/prompt.js'
import { sealSecret } from '#core/secrets'

const TEXT = 'Você é a assistente da loja. Responda dúvidas sobre produtos, preços e prazos de entrega.'

const aPrompt = async (o: TenantWorld, marker = `Prompt ${uid()}`) => {
  const queue = await createQueue(o.company)
  return tenancy.run(o.company.id, () =>
    Prompt.create({
      name: marker,
      prompt: TEXT,
      apiKey: sealSecret('sk-test-1234567890'),
      queueId: queue.id,
      model: 'gpt-4o-mini',
      voice: 'texto',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    })
  )
}

// plan flag useOpenAi; any user of the company reads, admins write
export default defineIsolationCases([
  {
    route: 'GET /prompt',
    access: 'user',
    fixture: async (o) => {
      const marker = `Prompt ${uid()}`
      await aPrompt(o, marker)
      return { marker }
    },
  },
  { route: 'GET /prompt/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aPrompt(o)).id } }) },
  {
    route: 'POST /prompt',
    access: 'admin',
    ok: 201,
    fixture: async (o) => ({
      body: {
        name: 'Assistente',
        prompt: TEXT,
        apiKey: 'sk-test-abcdefgh',
        queueId: (await createQueue(o.company)).id,
      },
    }),
  },
  {
    route: 'PUT /prompt/:id',
    access: 'admin',
    fixture: async (o) => {
      const p = await aPrompt(o)
      return { params: { id: p.id }, body: { name: 'Renomeado', prompt: TEXT, queueId: p.queueId } }
    },
  },
  { route: 'DELETE /prompt/:id', access: 'admin', fixture: async (o) => ({ params: { id: (await aPrompt(o)).id } }) },
])
