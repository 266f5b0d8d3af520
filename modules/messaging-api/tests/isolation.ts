/**
 * Isolation cases. The public API (/api/messages/*) is authenticated by a
 * connection token, never by a session: any session token (the owner's
 * admin's included) gets 401 and nothing of the company; token cases are in
 * send.spec.ts. The page's routes are admin routes of the company (the
 * OpenAPI document any user's), and a webhook or delivery of another company
 * is 404.
 */
import { defineIsolationCases } from '#tests/helpers/isolation'
import { createConnection } from '#tests/helpers/inbox'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import Webhook from '../models/webhook.js'
import WebhookDelivery from '../models/webhook_delivery.js'

const aHook = (o: TenantWorld, marker = `https://hooks.example.test/${uid()}`) =>
  tenancy.run(o.company.id, () =>
    Webhook.create({ url: marker, events: ['message.received'], active: true, secret: `whsec_${uid()}${uid()}` })
  )
const aDelivery = async (o: TenantWorld) => {
  const hook = await aHook(o)
  return tenancy.run(o.company.id, () =>
    WebhookDelivery.create({
      webhookId: hook.id,
      event: 'message.received',
      payload: { marker: uid() },
      status: 'failed',
      attempts: 6,
      round: 0,
    })
  )
}

export default defineIsolationCases([
  {
    route: 'POST /api/messages/send',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (o) => {
      const marker = `mk${uid()}`
      await createConnection(o.company)
      return { body: { number: '5511999999999', body: marker }, marker }
    },
  },
  {
    route: 'GET /api/messages/:id',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async () => ({ params: { id: 1 } }),
  },
  { route: 'GET /messages-api/openapi.json', access: 'user', fixture: async () => ({}) },
  {
    route: 'GET /messages-api/connections',
    access: 'admin',
    fixture: async (o) => {
      const conn = await createConnection(o.company, { name: `Conn ${uid()}` } as any)
      return { marker: conn.token }
    },
  },
  { route: 'GET /messages-api/usage', access: 'admin', fixture: async () => ({}) },
  {
    route: 'GET /messages-api/webhooks',
    access: 'admin',
    fixture: async (o) => {
      const marker = `https://hooks.example.test/${uid()}`
      await aHook(o, marker)
      return { marker }
    },
  },
  {
    route: 'POST /messages-api/webhooks',
    access: 'admin',
    fixture: async () => ({ body: { url: `https://hooks.example.test/${uid()}`, events: ['ticket.closed'] } }),
  },
  {
    route: 'PUT /messages-api/webhooks/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aHook(o)).id }, body: { active: false } }),
  },
  {
    route: 'DELETE /messages-api/webhooks/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aHook(o)).id } }),
  },
  {
    route: 'GET /messages-api/webhooks/:id/secret',
    access: 'admin',
    fixture: async (o) => {
      const hook = await aHook(o)
      return { params: { id: hook.id }, marker: hook.secret }
    },
  },
  {
    route: 'GET /messages-api/webhooks/:id/deliveries',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aDelivery(o)).webhookId } }),
  },
  {
    route: 'POST /messages-api/deliveries/:id/resend',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aDelivery(o)).id } }),
  },
])
