/** Realtime events of connections (spec 2 §7, reference §9). */
import { realtime } from '#core/realtime'

export const connectionEvents = {
  /** the record carries no token; its live QR code goes to admins only */
  async updated(companyId: number, whatsapp: Record<string, any>) {
    const safe = { ...whatsapp }
    delete safe.token
    await realtime.connectionUpdate(companyId, 'whatsapp', 'whatsapp', safe)
    await realtime.connectionUpdate(companyId, 'whatsappSession', 'session', safe)
  },
  deleted(companyId: number, whatsappId: number) {
    realtime.toCompany(companyId, 'whatsapp', { action: 'delete', whatsappId })
  },
}

/**
 * importMessages-{companyId} is the one event whose name does not start with
 * company-: it goes to the company's channel under the spec's exact name.
 */
export function emitImport(companyId: number, payload: { action: string } & Record<string, unknown>) {
  realtime.toCompanyNamed(companyId, `importMessages-${companyId}`, payload)
}
