/**
 * The webhook is not a session route: it is authenticated by the HMAC
 * signature of the connection's secret. A call without a valid signature is
 * refused with 401 whoever makes it (anonymous, another company's admin, or
 * the owner's own admin token), and nothing of the connection is revealed.
 */
import { randomUUID } from 'node:crypto'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'

export default [
  {
    route: 'POST /channels/api/webhook/:token',
    access: 'user' as const,
    cross: 'filter' as const,
    ok: 401,
    fixture: async (owner: { company: { id: number } }) => {
      const mk = `mk${randomUUID().slice(0, 8)}`
      const w = await tenancy.run(owner.company.id, () =>
        Whatsapp.create({ name: `API ${mk}`, channel: 'api', status: 'CONNECTED', settings: {} } as any)
      )
      return { params: { token: w.token }, body: { id: mk, from: { number: '5511999999999' }, body: mk }, marker: mk }
    },
  },
]
