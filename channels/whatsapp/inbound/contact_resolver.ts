/**
 * Who a message is from, in the contract's terms: the person (number, with
 * their LID alongside when known) or the group (id and subject) plus the
 * member who wrote. Group subjects and profile pictures are cached per
 * session so a busy group costs one metadata call, not one per message.
 */
import { createHash } from 'node:crypto'
import type { InboundContact } from '#core/channels'
import { storage } from '#core/storage'
import type { WaSocketLike } from '../session/socket.js'
import { isGroupJid, isLidJid, userOf } from './jids.js'
import { numberForLid } from './lid_map.js'

const TTL_MS = 10 * 60_000
const PICTURE_TTL_MS = 24 * 3600_000

export type ContactWithLid = InboundContact & { lid?: string }

export class ContactResolver {
  #groups = new Map<string, { subject: string; at: number }>()
  #pictures = new Map<string, { url: string | undefined; at: number }>()

  constructor(
    private companyId: number,
    private socket: () => WaSocketLike | null
  ) {}

  async person(jid: string, pushName?: string | null): Promise<ContactWithLid> {
    if (isLidJid(jid)) {
      const pn = await numberForLid(this.companyId, jid)
      // until the number is learnt the LID stands in; the lid travels along so the inbox can merge later
      return { number: pn ?? userOf(jid), name: pushName ?? undefined, lid: userOf(jid) }
    }
    return { number: userOf(jid), name: pushName ?? undefined, pictureUrl: await this.picture(jid) }
  }

  async group(jid: string): Promise<ContactWithLid> {
    return { number: userOf(jid), name: await this.subject(jid), isGroup: true }
  }

  async chat(jid: string, pushName?: string | null, fromMe = false) {
    if (isGroupJid(jid)) return this.group(jid)
    return this.person(jid, fromMe ? undefined : pushName)
  }

  async subject(jid: string) {
    const hit = this.#groups.get(jid)
    if (hit && Date.now() - hit.at < TTL_MS) return hit.subject
    let subject = userOf(jid)
    try {
      const meta = await this.socket()?.groupMetadata?.(jid)
      if (meta?.subject) subject = meta.subject
    } catch {
      // keep the id as the name; the next message tries again after the TTL
    }
    this.#groups.set(jid, { subject, at: Date.now() })
    return subject
  }

  /**
   * The profile picture, copied into our storage (WhatsApp's URLs expire and
   * would leak the viewer's address to its CDN): answers the storage key.
   */
  async picture(jid: string) {
    const hit = this.#pictures.get(jid)
    if (hit && Date.now() - hit.at < PICTURE_TTL_MS) return hit.url
    let key: string | undefined
    try {
      const url = (await this.socket()?.profilePictureUrl?.(jid, 'image', 5000)) ?? undefined
      if (url) key = await storeProfilePicture(this.companyId, jid, url)
    } catch {
      key = undefined
    }
    this.#pictures.set(jid, { url: key, at: Date.now() })
    return key
  }
}

const MAX_PICTURE_BYTES = 2 * 1024 * 1024

async function storeProfilePicture(companyId: number, jid: string, url: string) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (!res.ok) return undefined
  const bytes = Buffer.from(await res.arrayBuffer())
  if (!bytes.length || bytes.length > MAX_PICTURE_BYTES) return undefined
  const name = createHash('sha256').update(jid).digest('hex').slice(0, 32)
  const key = `c${companyId}/contacts/${name}.jpg`
  await storage.disk().put(key, bytes)
  return key
}
