import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy, tenantInsert } from '#core/tenancy'
import QueueIntegration from '../models/queue_integration.js'

export const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'loja-bot',
  client_email: 'bot@loja-bot.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIfake\n-----END PRIVATE KEY-----\n',
})

const anIntegration = (o: TenantWorld, marker = `Int ${uid()}`) =>
  tenancy.run(o.company.id, () =>
    QueueIntegration.create({
      type: 'webhook',
      name: marker,
      projectName: marker,
      urlN8N: 'http://127.0.0.1:9/hook',
      language: 'pt-BR',
    })
  )

// plan flag useIntegrations; any user of the company reads, admins write
export default defineIsolationCases([
  {
    route: 'GET /queueIntegration',
    access: 'user',
    fixture: async (o) => {
      const marker = `Int ${uid()}`
      await anIntegration(o, marker)
      return { marker }
    },
  },
  {
    route: 'GET /queueIntegration/:id',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await anIntegration(o)).id } }),
  },
  {
    route: 'GET /queueIntegration/:id/deliveries',
    access: 'user',
    fixture: async (o) => {
      const { id } = await anIntegration(o)
      const delivery = { integration_id: id, ticket_id: 1, message_id: 1, attempt: 1, status_code: 503, ok: false }
      await tenancy.run(o.company.id, () => tenantInsert('integration_deliveries', delivery))
      // `before` in the query so the fuzz suite also mutates the paging key
      return { params: { id }, qs: { before: 2147483647 } }
    },
  },
  {
    route: 'POST /queueIntegration',
    access: 'admin',
    ok: 201,
    fixture: async () => ({ body: { type: 'n8n', name: 'Fluxo n8n', urlN8N: 'https://n8n.example.test/webhook/x' } }),
  },
  {
    route: 'PUT /queueIntegration/:id',
    access: 'admin',
    fixture: async (o) => ({
      params: { id: (await anIntegration(o)).id },
      body: { type: 'webhook', name: 'Renomeada', urlN8N: 'https://hooks.example.test/a' },
    }),
  },
  {
    route: 'DELETE /queueIntegration/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await anIntegration(o)).id } }),
  },
  {
    route: 'POST /queueIntegration/testSession',
    access: 'admin',
    // the default client has no Dialogflow library: a clear 422, never a 500
    ok: 422,
    fixture: async () => ({ body: { projectName: 'loja-bot', jsonContent: SERVICE_ACCOUNT, language: 'pt-BR' } }),
  },
])
