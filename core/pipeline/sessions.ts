/**
 * Status reports from drivers: stored on the connection and pushed as
 * company-{id}-whatsappSession, and the hooks object every driver receives.
 */
import Whatsapp from '#models/whatsapp'
import { tenancy } from '#core/tenancy'
import { realtime } from '#core/realtime'
import type { ChannelHooks, ConnectionRef } from '#core/channels'
import { inbound } from './inbound.js'

export const channelHooks: ChannelHooks = {
  async status(connection: ConnectionRef, status, extra = {}) {
    await tenancy.run(connection.companyId, async () => {
      const w = await Whatsapp.find(connection.id)
      if (!w) return
      w.status = status
      if (extra.qrcode !== undefined) w.qrcode = extra.qrcode
      if (extra.number !== undefined) w.number = extra.number
      await w.save()
      // the live QR links a phone to the company: only admins may see it (spec 2 §6)
      const session = w.serialize()
      await realtime.toCompanyByRole(
        connection.companyId,
        'whatsappSession',
        { action: 'update', session },
        { action: 'update', session: { ...session, qrcode: null } }
      )
    })
  },
  async inbound(connection, event) {
    return inbound.ingest(connection.companyId, { ...event, whatsappId: connection.id })
  },
}
