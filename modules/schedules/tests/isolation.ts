import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid } from '#tests/helpers/world'
import { aContact, aSchedule } from './fixtures.js'

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString()

// any user of the company reads and writes its calendar; another company's rows are unknown (404)
export default defineIsolationCases([
  {
    route: 'GET /schedules',
    access: 'user',
    fixture: async (o) => {
      const marker = `Lembrete ${uid()}`
      await aSchedule(o, {}, marker)
      return { marker }
    },
  },
  { route: 'GET /schedules/:id', access: 'user', fixture: async (o) => ({ params: { id: (await aSchedule(o)).id } }) },
  {
    route: 'POST /schedules',
    access: 'user',
    cross: 'deny',
    ok: 201,
    // the owner's contact: another company may not schedule a message to it
    fixture: async (o) => ({
      body: { body: 'Olá, tudo bem?', contactId: (await aContact(o.company)).id, sendAt: inAnHour() },
    }),
  },
  {
    route: 'PUT /schedules/:id',
    access: 'user',
    fixture: async (o) => ({ params: { id: (await aSchedule(o)).id }, body: { body: 'Texto novo do lembrete' } }),
  },
  {
    route: 'DELETE /schedules/:id',
    access: 'user',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aSchedule(o)).id } }),
  },
])
