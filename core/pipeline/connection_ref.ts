import type Whatsapp from '#models/whatsapp'
import type { ConnectionRef } from '#core/channels'

export function connectionRef(w: Whatsapp): ConnectionRef {
  return {
    id: w.id,
    companyId: w.companyId,
    channel: w.channel,
    name: w.name,
    token: w.token,
    settings: w.settings ?? {},
  }
}
