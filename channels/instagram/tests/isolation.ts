/** The Instagram webhook answers only Meta (verify token on GET, app-secret signature on POST: 401 otherwise). */
import { defineIsolationCases } from '#tests/helpers/isolation'
import { metaConnection } from '#channels/meta/tests/isolation_fixtures'

export default defineIsolationCases([
  {
    route: 'GET /channels/instagram/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'instagram', { igId: '17841400000000001' })
      return { qs: { 'hub.mode': 'subscribe', 'hub.verify_token': marker, 'hub.challenge': marker }, marker }
    },
  },
  {
    route: 'POST /channels/instagram/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'instagram', { igId: '17841400000000002' })
      return {
        body: {
          object: 'instagram',
          entry: [{ id: '17841400000000002', messaging: [{ message: { mid: marker, text: marker } }] }],
        },
        marker,
      }
    },
  },
])
