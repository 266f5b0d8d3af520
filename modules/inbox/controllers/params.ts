/** Query-string helpers: JSON lists from the client, never trusted beyond their type. */
export function jsonIdList(raw: unknown): number[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      value = raw.split(',')
    }
  }
  const list = (Array.isArray(value) ? value : [value])
    .map((x) => Number(typeof x === 'object' && x !== null ? (x as any).id : x))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 2147483647)
  return list.slice(0, 500)
}

export function jsonStringList(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      value = raw.split(',')
    }
  }
  return (Array.isArray(value) ? value : [value])
    .map(String)
    .filter((s) => /^[a-z]{1,20}$/.test(s))
    .slice(0, 20)
}

export const truthy = (raw: unknown) => raw === true || raw === 'true' || raw === '1' || raw === 1

export function isoDate(raw: unknown): string | undefined {
  const s = String(raw ?? '')
  return /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s.slice(0, 10))) ? s.slice(0, 10) : undefined
}
