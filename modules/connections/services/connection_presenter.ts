/**
 * What a connection looks like to the browser. Tokens go to admins only;
 * channel settings (callback secrets, page tokens) and auth state never leave
 * the server. Health, import progress and the greeting media ride along so
 * the connections page needs one call.
 */
import db from '@adonisjs/lucid/services/db'
import type { Whatsapp } from '#core/models'
import { storage } from '#core/storage'
import { inbound } from '#core/pipeline'

export interface Extras {
  health: Map<number, any>
  media: Map<number, any>
  imports: Map<number, any>
  failed: Map<number, number>
}

export async function loadExtras(ids: number[]): Promise<Extras> {
  if (!ids.length) return { health: new Map(), media: new Map(), imports: new Map(), failed: new Map() }
  const [health, media, imports, failed] = await Promise.all([
    db.from('connection_health').whereIn('whatsapp_id', ids),
    db.from('connection_media').whereIn('whatsapp_id', ids),
    db.from('connection_imports').whereIn('whatsapp_id', ids),
    inbound.failedCounts(ids),
  ])
  const byId = (rows: any[]) => new Map(rows.map((r) => [r.whatsapp_id, r]))
  return { health: byId(health), media: byId(media), imports: byId(imports), failed }
}

export function presentOne(w: Whatsapp, extras: Extras, options: { admin: boolean; session?: boolean }) {
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
  if (options.admin) out.token = w.token
  // the live QR is for admins (spec 2 §6); session=0 (the all-connections page) leaves it out too
  if (options.session === false || !options.admin) delete out.qrcode
  return out
}

export async function present(rows: Whatsapp[], options: { admin: boolean; session?: boolean }) {
  const extras = await loadExtras(rows.map((r) => r.id))
  return rows.map((w) => presentOne(w, extras, options))
}
