/**
 * Graceful shutdown of an API process (SIGTERM: a deploy, a rolling restart,
 * systemd stop). Order matters so that no request fails:
 *
 * 1. /health answers 503 at once, and every response says `Connection:
 *    close`, so a load balancer's health check takes the node out and no
 *    kept-alive connection carries new requests to it; requests are still
 *    served for SHUTDOWN_DRAIN_MS (default 5 s, 0 in tests).
 * 2. The realtime streams are ended: the clients reconnect (to another node
 *    behind the proxy) with Last-Event-ID and get what they missed.
 * 3. The listener closes (new connections are refused, so nginx tries the
 *    next node), in-flight requests finish; after SHUTDOWN_TIMEOUT_MS
 *    (default 25 s) the connections left are cut.
 * 4. The app terminates (jobs, Redis and the database close).
 */
import type { Server } from 'node:http'
import env from '#start/env'
import { closeAllStreams } from './realtime_index.js'

let draining = false

export function isDraining() {
  return draining
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function drain(nodeServer: Server | undefined) {
  if (draining) return
  draining = true
  const drainMs = env.get('SHUTDOWN_DRAIN_MS') ?? (env.get('NODE_ENV') === 'test' ? 0 : 5000)
  const timeoutMs = env.get('SHUTDOWN_TIMEOUT_MS') ?? 25_000
  if (nodeServer) {
    nodeServer.on('request', (_req, res) => {
      if (!res.headersSent) res.setHeader('connection', 'close')
    })
  }
  if (drainMs > 0) await sleep(drainMs)
  closeAllStreams()
  if (!nodeServer) return
  const closed = new Promise<void>((resolve) => nodeServer.close(() => resolve()))
  nodeServer.closeIdleConnections()
  const cut = setTimeout(() => nodeServer.closeAllConnections(), timeoutMs)
  cut.unref()
  await closed
  clearTimeout(cut)
}
