import { defineIsolationCases } from '#tests/helpers/isolation'
import { createUser, uid } from '#tests/helpers/world'
import { codeNow, enrol, startEnrolment } from './helpers.js'

// the caller's own factor: any user (another company's admin acts on their own, never the owner's);
// the user list and the reset: admins of the company only
export default defineIsolationCases([
  { route: 'GET /two-factor', access: 'user', fixture: async () => ({}) },
  { route: 'POST /two-factor/setup', access: 'user', fixture: async () => ({}) },
  {
    route: 'POST /two-factor/confirm',
    access: 'user',
    fixture: async (o) => ({ body: { code: codeNow(await startEnrolment(o.admin)) } }),
  },
  {
    route: 'POST /two-factor/disable',
    access: 'user',
    ok: 204,
    fixture: async (o) => ({ body: { code: codeNow((await enrol(o.admin)).secret) } }),
  },
  {
    route: 'GET /two-factor/users',
    access: 'admin',
    fixture: async (o) => {
      const marker = `TF ${uid()}`
      await createUser(o.company, { name: marker })
      return { marker }
    },
  },
  {
    route: 'POST /two-factor/users/:id/reset',
    access: 'admin',
    ok: 204,
    fixture: async (o) => {
      const { user } = await createUser(o.company)
      await enrol(user)
      return { params: { id: user.id } }
    },
  },
])
