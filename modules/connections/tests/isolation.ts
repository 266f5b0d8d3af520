import { defineIsolationCases } from '#tests/helpers/isolation'
import { uid, type TenantWorld } from '#tests/helpers/world'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/** A connection of the owner; not the default so deleting it is always allowed. */
const aConnection = (o: TenantWorld, name = `Conexão ${uid()}`) =>
  tenancy.run(o.company.id, () => Whatsapp.create({ name, channel: 'whatsapp', status: 'DISCONNECTED' }))

const withMarker = async (o: TenantWorld) => {
  const marker = `Marker ${uid()}`
  const w = await aConnection(o, marker)
  return { params: { id: w.id }, marker }
}

export default defineIsolationCases([
  {
    route: 'GET /whatsapp',
    access: 'user',
    fixture: async (o) => ({ marker: (await withMarker(o)).marker }),
  },
  { route: 'GET /whatsapp/:id', access: 'user', fixture: withMarker },
  {
    route: 'POST /whatsapp',
    access: 'admin',
    ok: 201,
    fixture: async () => ({ body: { name: `Nova ${uid()}`, channel: 'whatsapp' } }),
  },
  {
    route: 'PUT /whatsapp/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id }, body: { name: `Renomeada ${uid()}` } }),
  },
  {
    route: 'DELETE /whatsapp/:id',
    access: 'admin',
    ok: 204,
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'POST /whatsapp/:id/media-upload',
    access: 'admin',
    fixture: async (o) => ({
      params: { id: (await aConnection(o)).id },
      files: { file: { name: 'greeting.png', content: png } },
    }),
  },
  {
    route: 'DELETE /whatsapp/:id/media-upload',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'POST /whatsappsession/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'PUT /whatsappsession/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'DELETE /whatsappsession/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'POST /whatsapp-restart',
    access: 'admin',
    fixture: async (o) => {
      await aConnection(o)
      return {}
    },
  },
  {
    route: 'POST /closedimported/:id',
    access: 'admin',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id } }),
  },
  {
    route: 'GET /whatsapp/all',
    access: 'super',
    fixture: async (o) => ({ qs: { session: 0 }, marker: (await withMarker(o)).marker }),
  },
  {
    route: 'GET /whatsapp-admin/:id',
    access: 'super',
    fixture: async (o) => {
      const { marker } = await withMarker(o)
      return { params: { id: o.company.id }, qs: { session: 0 }, marker }
    },
  },
  {
    route: 'GET /whatsapp-admin/:id/channels',
    access: 'super',
    fixture: async (o) => ({ params: { id: o.company.id } }),
  },
  {
    route: 'PUT /whatsapp-admin/:id',
    access: 'super',
    fixture: async (o) => ({ params: { id: (await aConnection(o)).id }, body: { name: `Super ${uid()}` } }),
  },
])
