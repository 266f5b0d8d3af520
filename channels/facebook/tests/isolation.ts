/**
 * The webhook answers only Meta (verify token on GET, app-secret signature on
 * POST: 401 otherwise, whoever calls). POST /facebook acts on the caller's own
 * company only; with no Meta app configured in the isolation run it is refused
 * before any call to Meta (422), and it never touches another company's rows.
 */
import { defineIsolationCases } from '#tests/helpers/isolation'
import { metaConnection } from '#channels/meta/tests/isolation_fixtures'

export default defineIsolationCases([
  {
    route: 'GET /channels/facebook/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'facebook', { pageId: '1234567890' })
      return { qs: { 'hub.mode': 'subscribe', 'hub.verify_token': marker, 'hub.challenge': marker }, marker }
    },
  },
  {
    route: 'POST /channels/facebook/webhook',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'facebook', { pageId: '1234567891' })
      return {
        body: {
          object: 'page',
          entry: [{ id: '1234567891', messaging: [{ message: { mid: marker, text: marker } }] }],
        },
        marker,
      }
    },
  },
  {
    route: 'POST /facebook',
    access: 'admin',
    cross: 'filter',
    ok: 422,
    fixture: async (owner) => {
      const { marker } = await metaConnection(owner, 'facebook', { pageId: '1234567892' })
      return { body: { facebookUserId: '1234567892', facebookUserToken: `EAAG${marker}${marker}${marker}` }, marker }
    },
  },
])
