/**
 * The Node.js HTTP server under AdonisJS (the API process and the tests' server). Node closes an
 * idle kept-alive socket after 5 s; a reverse proxy or client that reuses that socket at the same
 * moment gets a reset, which nginx answers with a 502. Proxies and load balancers keep idle
 * upstream connections for up to 60 s, so the server keeps them longer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export const KEEP_ALIVE_MS = 65_000

export function createNodeServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler)
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // above keepAliveTimeout: otherwise Node may end a reused socket while its next request's headers arrive
  server.headersTimeout = KEEP_ALIVE_MS + 1000
  return server
}
