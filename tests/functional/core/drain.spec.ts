/**
 * Graceful shutdown of an API process on SIGTERM (core/app/services/drain.ts):
 * /health answers 503 at once while requests are still served, realtime
 * streams are ended so their clients reconnect elsewhere, then the process
 * exits cleanly.
 */
import { test } from '@japa/runner'
import { createTenant } from '#tests/helpers/world'
import { startApiProcess } from '#tests/helpers/processes'

test.group('drain on SIGTERM', () => {
  test('/health turns 503 with Connection: close, requests are still served, streams end, the process exits 0', async ({
    assert,
  }) => {
    const a = await createTenant()
    const node = await startApiProcess({ SHUTDOWN_DRAIN_MS: '1500' })
    const ctrl = new AbortController()
    try {
      const uid = `drain-${process.pid}-${Date.now()}`
      const res = await fetch(`${node.url}/__transmit/events?uid=${uid}&token=${encodeURIComponent(a.adminToken)}`, {
        headers: { accept: 'text/event-stream' },
        signal: ctrl.signal,
      })
      assert.equal(res.status, 200)
      const streamEnded = (async () => {
        try {
          for await (const chunk of res.body as any) void chunk
        } catch {}
        return Date.now()
      })()

      const healthy = await fetch(`${node.url}/health`, { headers: { accept: 'application/json' } })
      assert.equal(healthy.status, 200)

      const termAt = Date.now()
      const exited = node.sigterm()
      await new Promise((r) => setTimeout(r, 300))
      const health = await fetch(`${node.url}/health`, { headers: { accept: 'application/json' } })
      assert.equal(health.status, 503)
      assert.equal(((await health.json()) as any).status, 'draining')
      assert.equal(health.headers.get('connection'), 'close')

      // still served while the load balancer moves away
      const me = await fetch(`${node.url}/auth/me`, {
        headers: { accept: 'application/json', authorization: `Bearer ${a.adminToken}` },
      })
      assert.notEqual(me.status, 502)
      assert.isBelow(me.status, 500)

      // the stream ends after the drain window (the client then reconnects to another node)
      const endedAt = await streamEnded
      assert.isAtLeast(endedAt - termAt, 1000)
      assert.equal(await exited, 0)
      const after = await fetch(`${node.url}/health`).then(
        (r) => r.status,
        () => 'refused'
      )
      assert.equal(after, 'refused')
    } finally {
      ctrl.abort()
      await node.kill()
    }
  }).timeout(60_000)
})
