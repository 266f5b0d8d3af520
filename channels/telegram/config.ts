/**
 * Where the Bot API lives (TELEGRAM_API_URL, default https://api.telegram.org;
 * tests point it at a local fake) and whether this deployment can take
 * webhooks (APP_URL set and not a loopback address). Read at call time so a
 * test can switch them without a reboot.
 */
export function apiUrl() {
  return (process.env.TELEGRAM_API_URL || 'https://api.telegram.org').replace(/\/+$/, '')
}

/** The public base of this deployment, or null when Telegram cannot reach it (long polling then). */
export function publicUrl(): string | null {
  const raw = (process.env.APP_URL || '').trim().replace(/\/+$/, '')
  if (!raw) return null
  try {
    const host = new URL(raw).hostname
    if (['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0'].includes(host) || host.endsWith('.localhost')) return null
    return raw
  } catch {
    return null
  }
}
