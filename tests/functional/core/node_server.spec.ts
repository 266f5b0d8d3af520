/**
 * The HTTP server keeps idle kept-alive sockets longer than a proxy keeps its idle upstream
 * connections (core/app/services/node_server.ts).
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { KEEP_ALIVE_MS } from '#services/node_server'

test.group('HTTP server', () => {
  test('idle kept-alive sockets stay open 65 s, past a proxy’s 60 s', async ({ assert }) => {
    const server = (await app.container.make('server')).getNodeServer()!
    assert.equal(server.keepAliveTimeout, KEEP_ALIVE_MS)
    assert.isAbove(server.keepAliveTimeout, 60_000)
    assert.isAbove(server.headersTimeout, server.keepAliveTimeout)
  })
})
