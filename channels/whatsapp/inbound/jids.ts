/** WhatsApp addresses: people (@s.whatsapp.net), LIDs (@lid), groups (@g.us). */
export const isGroupJid = (jid?: string | null) => Boolean(jid?.endsWith('@g.us'))
export const isLidJid = (jid?: string | null) => Boolean(jid?.endsWith('@lid'))
export const isBroadcast = (jid?: string | null) =>
  Boolean(jid && (jid === 'status@broadcast' || jid.endsWith('@broadcast') || jid.endsWith('@newsletter')))

/** the user part without device suffix: 5511999999999:12@s.whatsapp.net → 5511999999999 */
export const userOf = (jid?: string | null) =>
  String(jid ?? '')
    .split('@')[0]
    .split(':')[0]

export function toJid(number: string, isGroup: boolean) {
  if (number.includes('@')) return number
  return isGroup ? `${number}@g.us` : `${number.replace(/\D/g, '')}@s.whatsapp.net`
}
