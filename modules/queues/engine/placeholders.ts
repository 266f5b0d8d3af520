/**
 * The placeholders bot, greeting, farewell and agent texts may use (the
 * product's Mustache variables), rendered in the company's time zone.
 * Unknown placeholders are left as written; values are never re-rendered.
 */
import { DateTime } from 'luxon'

export interface PlaceholderContext {
  contactName?: string | null
  ticketId?: number | null
  userName?: string | null
  queueName?: string | null
  connectionName?: string | null
  companyName?: string | null
  timezone: string
  now?: DateTime<boolean>
}

/** Bom dia from 6h, Boa tarde from 12h, Boa noite from 18h, Boa madrugada before 6h. */
export function greetingFor(hour: number) {
  if (hour < 6) return 'Boa madrugada'
  if (hour < 12) return 'Bom dia'
  if (hour < 18) return 'Boa tarde'
  return 'Boa noite'
}

export function placeholderValues(ctx: PlaceholderContext): Record<string, string> {
  const now = (ctx.now ?? DateTime.now()).setZone(ctx.timezone)
  const name = (ctx.contactName ?? '').trim()
  const date = now.toFormat('dd-MM-yyyy')
  const hour = now.toFormat('H:mm:ss')
  return {
    firstName: name.split(/\s+/)[0] ?? '',
    name,
    ticket_id: ctx.ticketId ? String(ctx.ticketId) : '',
    userName: ctx.userName ?? '',
    queue: ctx.queueName ?? '',
    connection: ctx.connectionName ?? '',
    name_company: ctx.companyName ?? '',
    ms: greetingFor(now.hour),
    hour,
    date,
    data_hora: `${date} às ${hour}`,
    protocol: `${now.toFormat('yyyyMMdd')}${now.toFormat('mmssSSS')}${ctx.ticketId ?? ''}`,
  }
}

export function renderPlaceholders(text: string, ctx: PlaceholderContext) {
  const values = placeholderValues(ctx)
  return text.replace(/\{\{\s*([a-zA-Z_]+)\s*\}\}/g, (whole, key: string) => (key in values ? values[key] : whole))
}
