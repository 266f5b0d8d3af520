import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid } from '#tests/helpers/world'
import Help from '../help.js'

const aHelp = async () => Help.create({ title: `Help ${uid()}`, video: 'abc123def' })

// helps are platform-wide: everyone reads them, only the super user writes
export default defineIsolationCases([
  { route: 'GET /helps', access: 'user', cross: 'filter', fixture: async () => ({}) },
  { route: 'GET /helps/list', access: 'user', cross: 'filter', fixture: async () => ({}) },
  {
    route: 'POST /helps',
    access: 'super',
    ok: 201,
    fixture: async () => ({ body: { title: 'How to', video: 'https://www.youtube.com/watch?v=abcdefghijk' } }),
  },
  {
    route: 'PUT /helps/:id',
    access: 'super',
    fixture: async () => ({ params: { id: (await aHelp()).id }, body: { title: 'Changed' } }),
  },
  {
    route: 'DELETE /helps/:id',
    access: 'super',
    ok: 204,
    fixture: async () => ({ params: { id: (await aHelp()).id } }),
  },
])
