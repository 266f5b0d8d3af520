/**
 * The message as it goes out: Mustache-style placeholders of the reference
 * (§5.1 and spec 3 §9's variables) filled from the contact, the user who
 * scheduled it and the time of sending in the company's zone. Unknown
 * placeholders are left as typed, so a typo shows instead of vanishing. Pure.
 */
import { DateTime } from 'luxon'

export interface ComposeContext {
  contact: { name: string; number: string; email: string | null }
  userName: string | null
  connectionName: string | null
  now: number
  timezone: string
}

/** Bom dia / Boa tarde / Boa noite by the hour in the company's zone (the products' greeting). */
export function greeting(hour: number) {
  if (hour < 12) return 'Bom dia'
  if (hour < 18) return 'Boa tarde'
  return 'Boa noite'
}

export function compose(body: string, c: ComposeContext): string {
  const at = DateTime.fromMillis(c.now, { zone: c.timezone || 'America/Sao_Paulo' })
  const name = c.contact.name?.trim() || c.contact.number
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? name,
    number: c.contact.number,
    email: c.contact.email ?? '',
    user: c.userName ?? '',
    ms: greeting(at.hour),
    greeting: greeting(at.hour),
    date: at.toFormat('dd/MM/yyyy'),
    hour: at.toFormat('HH:mm'),
    connection: c.connectionName ?? '',
  }
  return body.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? values[key] : whole
  )
}
