/**
 * Session commands of the connections page, handed to the connection's
 * channel driver. The contract's start/stop cover every channel; a driver
 * that keeps a login (WhatsApp) also offers logout and a fresh restart, found
 * by feature detection so other channels need nothing extra.
 */
import { channelRegistry, type ChannelDriver, type ConnectionRef } from '#core/channels'
import { channelHooks, connectionRef } from '#core/pipeline'
import { AppError } from '#core/errors'
import type { Whatsapp } from '#core/models'

interface SessionDriver extends ChannelDriver {
  /** forget the login (auth state) and start over with a new QR */
  restart?(connection: ConnectionRef, options: { fresh: boolean; pairingPhone?: string | null }): Promise<void>
  /** log the device out and leave the connection DISCONNECTED */
  logout?(connection: ConnectionRef): Promise<void>
}

function driverOf(w: Whatsapp): SessionDriver {
  const d = channelRegistry.driver(w.channel) as SessionDriver | undefined
  if (!d) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
  return d
}

export const sessionControl = {
  /** POST /whatsappsession/:id: try again with the stored login */
  async start(w: Whatsapp, pairingPhone?: string | null) {
    const d = driverOf(w)
    if (d.restart) return d.restart(connectionRef(w), { fresh: false, pairingPhone })
    return d.start(connectionRef(w), channelHooks)
  },
  /** PUT /whatsappsession/:id: a new QR (or pairing code) */
  async fresh(w: Whatsapp, pairingPhone?: string | null) {
    const d = driverOf(w)
    if (d.restart) return d.restart(connectionRef(w), { fresh: true, pairingPhone })
    await d.stop(connectionRef(w))
    return d.start(connectionRef(w), channelHooks)
  },
  /** DELETE /whatsappsession/:id */
  async disconnect(w: Whatsapp) {
    const d = driverOf(w)
    if (d.logout) return d.logout(connectionRef(w))
    return d.stop(connectionRef(w))
  },
  /** DELETE /whatsapp/:id: the session must not outlive its row */
  async remove(w: Whatsapp) {
    const d = channelRegistry.driver(w.channel) as SessionDriver | undefined
    if (!d) return
    if (d.logout) await d.logout(connectionRef(w)).catch(() => {})
    else await d.stop(connectionRef(w)).catch(() => {})
  },
}
