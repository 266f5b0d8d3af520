/**
 * The webhook is not a session route: GET answers only Meta's verify token
 * (401 otherwise), POST only a body signed with the app secret (401 otherwise),
 * whoever calls. Templates and the window read are the company's own: another
 * company's admin gets 404 for a connection or ticket that is not theirs.
 */
import db from '@adonisjs/lucid/services/db'
import { defineIsolationCases } from '#tests/helpers/isolation'
import { metaConnection, metaTicket } from '#channels/meta/tests/isolation_fixtures'

export default defineIsolationCases([
  {
    route: 'GET /channels/whatsappapi/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'whatsappapi')
      return { qs: { 'hub.mode': 'subscribe', 'hub.verify_token': marker, 'hub.challenge': marker }, marker }
    },
  },
  {
    route: 'POST /channels/whatsappapi/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'whatsappapi', { phoneNumberId: '123456789012' })
      return { body: { object: 'whatsapp_business_account', entry: [{ id: marker, changes: [] }] }, marker }
    },
  },
  {
    route: 'GET /whatsappapi/:whatsappId/templates',
    access: 'user',
    fixture: async (owner) => {
      const { whatsapp, marker } = await metaConnection(owner, 'whatsappapi')
      await db.table('wa_cloud_templates').insert({
        company_id: owner.company.id,
        whatsapp_id: whatsapp.id,
        name: marker.toLowerCase(),
        language: 'pt_BR',
        status: 'APPROVED',
        body: marker,
      })
      return { params: { whatsappId: whatsapp.id }, marker }
    },
  },
  {
    // no token stored: refused before any call to Meta (422), never someone else's connection
    route: 'POST /whatsappapi/:whatsappId/templates/sync',
    access: 'admin',
    ok: 422,
    fixture: async (owner) => {
      const { whatsapp } = await metaConnection(owner, 'whatsappapi')
      return { params: { whatsappId: whatsapp.id } }
    },
  },
  {
    route: 'POST /whatsappapi/templates/send',
    access: 'user',
    cross: 'deny',
    ok: 422,
    fixture: async (owner) => {
      const { ticket } = await metaTicket(owner)
      return { body: { ticketId: ticket.id, name: 'no_such_template', language: 'pt_BR' } }
    },
  },
  {
    route: 'GET /meta/window/:ticketId',
    access: 'user',
    fixture: async (owner) => {
      const { ticket } = await metaTicket(owner)
      return { params: { ticketId: ticket.id } }
    },
  },
])
