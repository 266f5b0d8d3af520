/**
 * Date formats of spec 1 §9: DD/MM/YYYY and DD/MM/YYYY HH:mm (DD/MM/YY HH:mm for notes).
 * Plain functions (no date library) so the login page stays small.
 */
const pad = (n: number) => String(n).padStart(2, '0')

/** Parses ISO dates; a bare YYYY-MM-DD is a calendar day, read in local time (not UTC midnight). */
export function parseDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]))
  }
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = parseDate(value)
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : ''
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = parseDate(value)
  return d ? `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}` : ''
}

export function formatShortDateTime(value: string | number | Date | null | undefined): string {
  const d = parseDate(value)
  return d
    ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${String(d.getFullYear()).slice(2)} ${pad(d.getHours())}:${pad(d.getMinutes())}`
    : ''
}

/** Whole calendar days from today to the date (negative when past). */
export function daysUntil(value: string | Date | null | undefined, now = new Date()): number | null {
  const d = parseDate(value)
  if (!d) return null
  const a = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())
  return Math.round((a - b) / 86_400_000)
}

/** YYYY-MM-DD of a local date (for the API). */
export function toIsoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Adds calendar months, clamping to the month's last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(value: string | Date, months: number): Date {
  const d = parseDate(value) ?? new Date()
  const target = new Date(d.getFullYear(), d.getMonth() + months, 1)
  const last = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate()
  target.setDate(Math.min(d.getDate(), last))
  return target
}
