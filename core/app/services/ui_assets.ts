/**
 * Serves the built browser app: the shell at public/ and each federated remote
 * at public/remotes/<name>/ (built by `npm run build`). Hashed files under
 * assets/ are cached for a year; entry files are revalidated.
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import app from '@adonisjs/core/services/app'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
}

function root() {
  return app.makePath('public')
}

function send(ctx: HttpContext, file: string) {
  const { response, request } = ctx
  const ext = extname(file)
  response.header('content-type', TYPES[ext] ?? 'application/octet-stream')
  const immutable = /[\\/]assets[\\/]/.test(file) && !file.endsWith('remoteEntry.js')
  response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
  response.header('x-content-type-options', 'nosniff')
  if (request.method() === 'HEAD') return response.status(200).send('')
  response.stream(createReadStream(file))
}

export const uiAssets = {
  /** A real file of the build: served and true; otherwise false. */
  async serve(ctx: HttpContext) {
    const path = decodeURIComponent(ctx.request.url().split('?')[0])
    if (path === '/' || !extname(path)) return false
    const base = root()
    const file = normalize(join(base, path))
    if (!file.startsWith(base + sep)) return false
    if (!existsSync(file) || !statSync(file).isFile()) return false
    send(ctx, file)
    return true
  },
  async serveIndex(ctx: HttpContext) {
    const file = join(root(), 'index.html')
    if (!existsSync(file)) return false
    send(ctx, file)
    return true
  },
  builtRemote(name: string) {
    return existsSync(join(root(), 'remotes', name, 'remoteEntry.js'))
  },
}
