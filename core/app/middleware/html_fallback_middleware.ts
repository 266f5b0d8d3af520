/**
 * One origin serves both the API and the browser app. A browser navigation
 * (GET that accepts HTML) to any path that is not a file of the built UI gets
 * the shell's index.html; API calls (Accept: application/json) reach the router.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { uiAssets } from '#services/ui_assets'

export default class HtmlFallbackMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const { request } = ctx
    const method = request.method()
    if (method === 'GET' || method === 'HEAD') {
      const served = await uiAssets.serve(ctx)
      if (served) return
      const accept = request.header('accept') ?? ''
      const path = request.url()
      // the website chat's demo page is a page of its own (channels/webchat)
      const own = path.startsWith('/__transmit') || path.startsWith('/media/') || path.startsWith('/channels/webchat/')
      if (accept.includes('text/html') && !own) {
        if (await uiAssets.serveIndex(ctx)) return
      }
    }
    return next()
  }
}
