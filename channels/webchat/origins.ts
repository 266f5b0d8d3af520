/**
 * The allowed origins of a connection, parsed from its settings. An origin is
 * compared exactly (scheme, host, port), as browsers send it; nothing is
 * allowed while the list is empty, so a new connection is closed by default.
 */
export function parseOrigins(raw: unknown): string[] {
  if (typeof raw !== 'string') return []
  const out: string[] = []
  for (const part of raw.split(/[\s,]+/)) {
    const s = part.trim().replace(/\/+$/, '')
    if (!s) continue
    try {
      const u = new URL(s)
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin !== 'null') out.push(u.origin)
    } catch {
      // a malformed entry allows nothing
    }
  }
  return [...new Set(out)]
}

export function originAllowed(settings: Record<string, unknown>, origin: string | undefined | null): boolean {
  if (!origin) return false
  return parseOrigins(settings?.allowedOrigins).includes(origin.replace(/\/+$/, ''))
}
