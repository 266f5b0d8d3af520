import db from '@adonisjs/lucid/services/db'
import { defineIsolationCases } from '#tests/helpers/isolation'
import type { TenantWorld } from '#tests/helpers/world'
import { aKanbanTag, aTicket, marker } from './fixtures.js'

/** a lane and a card in it, named with a marker that must never reach another company */
async function board(o: TenantWorld) {
  const mk = marker()
  const lane = await aKanbanTag(o, `Lane ${mk}`)
  const ticket = await aTicket(o, { name: `Contact ${mk}`, tagIds: [lane.id] })
  return { mk, lane, ticket }
}

// reads and moves: any user who may see the ticket; lane order: admin or the dashboard permission
export default defineIsolationCases([
  {
    route: 'GET /ticket/kanban',
    access: 'user',
    fixture: async (o) => ({ marker: (await board(o)).mk }),
  },
  {
    route: 'GET /ticket/kanban/lanes',
    access: 'user',
    fixture: async (o) => ({ marker: (await board(o)).mk }),
  },
  {
    route: 'PUT /ticket/kanban/lanes',
    access: 'admin',
    fixture: async (o) => {
      const b = await board(o)
      // every lane of the company (the matrix builds the fixture more than once per company)
      const lanes = await db.from('tags').where('company_id', o.company.id).whereNot('kanban', 0).orderBy('id', 'desc')
      return { body: { tagIds: lanes.map((l) => l.id) }, marker: b.mk }
    },
  },
  {
    route: 'POST /ticket/kanban/:ticketId/move',
    access: 'user',
    fixture: async (o) => {
      const b = await board(o)
      const next = await aKanbanTag(o)
      return { params: { ticketId: b.ticket.id }, body: { tagId: next.id, fromTagId: b.lane.id }, marker: b.mk }
    },
  },
  {
    route: 'PUT /ticket-tags/:ticketId/:tagId',
    access: 'user',
    fixture: async (o) => {
      const b = await board(o)
      const next = await aKanbanTag(o)
      return { params: { ticketId: b.ticket.id, tagId: next.id }, marker: b.mk }
    },
  },
  {
    route: 'DELETE /ticket-tags/:ticketId',
    access: 'user',
    fixture: async (o) => {
      const b = await board(o)
      return { params: { ticketId: b.ticket.id }, marker: b.mk }
    },
  },
])
