/**
 * What a connection looks like to the browser. Tokens go to admins only;
 * channel secrets (password fields of the channel's manifest) and auth state
 * never leave the server: admins see the other declared settings and which
 * secrets are set. Health, import progress and the greeting media ride along so
 * the connections page needs one call.
 */
import type { Whatsapp } from '#core/models'
import { storage } from '#core/storage'
import { inbound } from '#core/pipeline'
import { connectionQr } from '#core/realtime'
import { tenantTable } from '#core/tenancy'
import { presentChannelSettings } from './channel_settings.js'

export interface Extras {
  health: Map<number, any>
  media: Map<number, any>
  imports: Map<number, any>
  failed: Map<number, number>
}

export async function loadExtras(ids: number[]): Promise<Extras> {
  if (!ids.length) return { health: new Map(), media: new Map(), imports: new Map(), failed: new Map() }
  const [health, media, imports, failed] = await Promise.all([
    // the scope's company, or every company on the super user's page (a system scope)
    tenantTable('connection_health').whereIn('whatsapp_id', ids),
    tenantTable('connection_media').whereIn('whatsapp_id', ids),
    tenantTable('connection_imports').whereIn('whatsapp_id', ids),
    inbound.failedCounts(ids),
  ])
  const byId = (rows: any[]) => new Map(rows.map((r) => [r.whatsapp_id, r]))
  return { health: byId(health), media: byId(media), imports: byId(imports), failed }
}

export interface PresentOptions {
  /** an admin of the connection's company: token and channel settings */
  admin: boolean
  /** false leaves the QR code out (the all-connections list, ?session=0) */
  session?: boolean
  /** the live QR code without the token: the super user's view of another company's connection */
  qr?: boolean
}

export function presentOne(w: Whatsapp, extras: Extras, options: PresentOptions) {
  const h = extras.health.get(w.id)
  const m = extras.media.get(w.id)
  const i = extras.imports.get(w.id)
  const out: Record<string, any> = {
    ...w.serialize(),
    queueIds: (w.$preloaded.queues as any[] | undefined)?.map((q) => q.id) ?? undefined,
    importRecentMessages: i?.until_date ?? null,
    // the spec's names (the model's default serialisation would say ...Nps)
    maxUseBotQueuesNPS: w.maxUseBotQueuesNPS,
    expiresTicketNPS: w.expiresTicketNPS,
    health: {
      lastConnectedAt: h?.last_connected_at ?? null,
      lastDisconnectedAt: h?.last_disconnected_at ?? null,
      lastMessageAt: h?.last_message_at ?? null,
      reconnectCount: h?.reconnect_count ?? 0,
      lastError: h?.last_error ?? null,
      // inbound events that failed every attempt (the dead-letter list)
      failedEvents: extras.failed.get(w.id) ?? 0,
    },
    greetingMediaUrl: m ? storage.url(m.media_path) : null,
    greetingMediaName: m?.media_name ?? null,
  }
  delete out.maxUseBotQueuesNps
  delete out.expiresTicketNps
  if (options.admin) {
    out.token = w.token
    Object.assign(out, presentChannelSettings(w.channel, w.settings))
  }
  // the live QR is for admins (connectionQr, #core/realtime); session=0 (the all-connections page) leaves it out too
  if (options.session === false) delete out.qrcode
  return connectionQr.as(out, { isAdmin: options.admin || Boolean(options.qr) }, 'omit')
}

export async function present(rows: Whatsapp[], options: PresentOptions) {
  const extras = await loadExtras(rows.map((r) => r.id))
  return rows.map((w) => presentOne(w, extras, options))
}
