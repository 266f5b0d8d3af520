/**
 * The widget routes are public: the connection's public key names it and the
 * Origin header must be one of its allowed websites. No session opens them,
 * so a call without an allowed origin is refused (403) whoever makes it
 * (another company's admin, or the owner's own admin token), and an unknown
 * key is 401 (the anonymous run of the matrix). The script itself is served to
 * any page (200). The snippet route is an admin's, on their own connection.
 */
import { defineIsolationCases } from '#tests/helpers/isolation'
import { webchatConnection } from './fixtures.js'

const keyed = async (owner: { company: any }) => {
  const { key, whatsapp } = await webchatConnection(owner.company, { title: `T ${Date.now()}` })
  return { key, whatsapp }
}

const refused = (route: string, body?: Record<string, unknown>) => ({
  route,
  access: 'user' as const,
  cross: 'filter' as const,
  ok: 403,
  fixture: async (owner: { company: any }) => {
    const { key } = await keyed(owner)
    return { params: { key }, body, qs: { visitor: 'x.y' } }
  },
})

export default defineIsolationCases([
  {
    route: 'GET /channels/webchat/:key/widget.js',
    access: 'user',
    cross: 'filter',
    ok: 200,
    fixture: async (owner) => ({ params: { key: (await keyed(owner)).key } }),
  },
  refused('OPTIONS /channels/webchat/:key/*'),
  refused('GET /channels/webchat/:key/config'),
  refused('POST /channels/webchat/:key/session', { name: 'Ana' }),
  refused('GET /channels/webchat/:key/messages'),
  refused('POST /channels/webchat/:key/messages', { body: 'hello' }),
  refused('POST /channels/webchat/:key/attachments'),
  refused('GET /channels/webchat/:key/stream'),
  {
    route: 'GET /channels/webchat/:key/demo',
    access: 'user',
    cross: 'filter',
    ok: 200,
    fixture: async (owner) => ({ params: { key: (await keyed(owner)).key } }),
  },
  {
    route: 'GET /channels/webchat/connections/:whatsappId/snippet',
    access: 'admin',
    fixture: async (owner) => {
      const { whatsapp } = await keyed(owner)
      return { params: { whatsappId: whatsapp.id } }
    },
  },
])
