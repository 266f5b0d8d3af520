/** Isolation cases of the core's routes (see tests/helpers/isolation.ts). */
import { createUser, uid, createPlan } from '#tests/helpers/world'
import { defineIsolationCases } from '#tests/helpers/isolation'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

const aUser = async (owner: any) => {
  const marker = `Marker ${uid()}`
  const { user } = await createUser(owner.company, { name: marker })
  return { user, marker }
}

export default defineIsolationCases([
  { route: 'GET /auth/me', access: 'user', fixture: async (o) => ({ marker: o.admin.email }), cross: 'filter' },
  { route: 'DELETE /auth/logout', access: 'user', fixture: async () => ({}), cross: 'filter' },
  { route: 'POST /auth/heartbeat', access: 'user', fixture: async () => ({}), cross: 'filter' },
  { route: 'GET /modules', access: 'user', fixture: async () => ({}), cross: 'filter' },
  {
    route: 'GET /companies/listPlan/:id',
    access: 'user',
    fixture: async (o) => ({ params: { id: o.company.id } }),
  },

  // users
  { route: 'GET /users', access: 'user', fixture: async (o) => ({ marker: (await aUser(o)).marker }) },
  {
    route: 'GET /users/list',
    access: 'user',
    cross: 'deny',
    fixture: async (o) => ({ qs: { companyId: o.company.id }, marker: (await aUser(o)).marker }),
  },
  {
    route: 'GET /users/:id',
    access: 'admin',
    fixture: async (o) => {
      const { user, marker } = await aUser(o)
      return { params: { id: user.id }, marker }
    },
  },
  {
    route: 'POST /users',
    access: 'admin',
    ok: 201,
    fixture: async () => ({ body: { name: 'New user', email: `n-${uid()}@example.test`, password: 'pass-123' } }),
  },
  {
    route: 'PUT /users/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aUser(o)).user.id }, body: { name: 'Renamed' } }),
  },
  {
    route: 'PUT /users/toggleChangeWidht/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aUser(o)).user.id }, body: { defaultTicketsManagerWidth: 600 } }),
  },
  {
    route: 'POST /users/:id/media-upload',
    access: 'admin',
    fixture: async (o) => ({
      params: { id: (await aUser(o)).user.id },
      files: { profileImage: { name: 'me.png', content: png } },
    }),
  },
  {
    route: 'DELETE /users/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aUser(o)).user.id } }),
  },

  // companies (super user)
  { route: 'GET /companies', access: 'super', fixture: async (o) => ({ marker: o.company.name }) },
  { route: 'GET /companies/list', access: 'super', fixture: async (o) => ({ marker: o.company.name }) },
  { route: 'GET /companiesPlan', access: 'super', fixture: async (o) => ({ marker: o.company.name }) },
  { route: 'GET /companies/:id', access: 'user', fixture: async (o) => ({ params: { id: o.company.id } }) },
  {
    route: 'POST /companies',
    access: 'super',
    ok: 201,
    fixture: async () => {
      const plan = await createPlan()
      return { body: { name: `Co ${uid()}`, email: `co-${uid()}@example.test`, planId: plan.id } }
    },
  },
  {
    route: 'PUT /companies/:id',
    access: 'super',
    fixture: async (o) => ({ params: { id: o.company.id }, body: { phone: '5511988887777' } }),
  },
  {
    route: 'PUT /companies/:id/schedules',
    access: 'admin',
    fixture: async (o) => ({
      params: { id: o.company.id },
      body: {
        schedules: [
          {
            weekday: 'Segunda',
            weekdayEn: 'monday',
            startTimeA: '08:00',
            endTimeA: '12:00',
            startTimeB: '',
            endTimeB: '',
          },
        ],
      },
    }),
  },
  {
    route: 'DELETE /companies/:id',
    access: 'super',
    ok: 204,
    fixture: async (o) => ({ params: { id: o.company.id } }),
  },

  // plans (super user)
  { route: 'GET /plans/all', access: 'super', fixture: async () => ({}) },
  { route: 'GET /plans/:id', access: 'super', fixture: async (o) => ({ params: { id: o.company.planId } }) },
  {
    route: 'POST /plans',
    access: 'super',
    ok: 201,
    fixture: async () => ({ body: { name: `Plan ${uid()}`, users: 1, connections: 1, queues: 1, amount: 10 } }),
  },
  {
    route: 'PUT /plans/:id',
    access: 'super',
    fixture: async (o) => ({ params: { id: o.company.planId }, body: { amount: 12 } }),
  },
  {
    route: 'DELETE /plans/:id',
    access: 'super',
    ok: 204,
    fixture: async () => ({ params: { id: (await createPlan()).id } }),
  },

  // settings
  { route: 'GET /settings', access: 'user', fixture: async () => ({}) },
  {
    route: 'PUT /settings/:key',
    access: 'admin',
    cross: 'filter',
    fixture: async () => ({ params: { key: 'userRating' }, body: { value: 'enabled' } }),
  },
  {
    route: 'GET /setting/:key',
    access: 'user',
    cross: 'filter',
    fixture: async () => ({ params: { key: 'userCreation' } }),
  },
  { route: 'GET /companySettings/:id', access: 'user', fixture: async (o) => ({ params: { id: o.company.id } }) },
  {
    route: 'GET /companySettingOne',
    access: 'user',
    fixture: async () => ({ qs: { column: 'userRating' } }),
  },
  {
    route: 'PUT /companySettings',
    access: 'admin',
    fixture: async () => ({ body: { column: 'requiredTag', data: 'enabled' } }),
  },
])
