import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid } from '#tests/helpers/world'
import { finishedCall, noInternet, setKey, ticketWithConversation } from './fixtures.js'

// plan flag useOpenAi; any user reads whether it is on and asks on tickets they see; admins set the key
export default defineIsolationCases([
  {
    route: 'GET /assist/settings',
    access: 'user',
    fixture: async (o) => {
      const marker = `m-${uid()}`
      await setKey(o.company.id, 'sk-company-key-4321', marker)
      return { marker }
    },
  },
  {
    route: 'PUT /assist/settings',
    access: 'admin',
    fixture: async () => ({ body: { apiKey: 'sk-test-abcdefgh', model: 'gpt-4o-mini' } }),
  },
  {
    route: 'POST /assist/tickets/:ticketId/jobs',
    access: 'user',
    ok: 202,
    fixture: async (o) => {
      noInternet()
      await setKey(o.company.id)
      const s = await ticketWithConversation(o, ['oi, meu pedido atrasou'])
      return { params: { ticketId: s.ticketId }, body: { kind: 'improve', text: `rascunho ${s.marker}` } }
    },
  },
  {
    route: 'GET /assist/jobs/:id',
    access: 'user',
    fixture: async (o) => {
      const s = await ticketWithConversation(o, [])
      const marker = `resumo ${s.marker}`
      return { params: { id: await finishedCall(o.company.id, o.admin.id, s.ticketId, marker) }, marker }
    },
  },
])
