/** The tag an admin pastes into the website: the script of this product with the connection's key. */
import type { HttpContext } from '@adonisjs/core/http'

/** The product's public address: APP_URL, or the address the admin's browser used. */
export function baseUrl(ctx: HttpContext) {
  // read at call time, as the Telegram channel does (validated by the core's env schema at boot)
  const configured = (process.env.APP_URL || '').trim()
  if (configured) return configured.replace(/\/+$/, '')
  return `${ctx.request.protocol()}://${ctx.request.host()}`
}

export function snippet(base: string, key: string) {
  return `<script src="${base}/channels/webchat/${key}/widget.js" data-key="${key}" async></script>`
}
