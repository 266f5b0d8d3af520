/**
 * The HTTP server keeps idle kept-alive sockets longer than a proxy keeps its idle upstream
 * connections (core/app/services/node_server.ts).
 */
import { test } from '@japa/runner'
import http from 'node:http'
import app from '@adonisjs/core/services/app'
import { KEEP_ALIVE_MS } from '#services/node_server'

function get(agent: http.Agent, path: string) {
  return new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const req = http.get({ host: process.env.HOST, port: process.env.PORT, path, agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }))
    })
    req.on('error', reject)
  })
}

test.group('HTTP server', () => {
  test('idle kept-alive sockets stay open 65 s, past a proxy’s 60 s', async ({ assert }) => {
    const server = (await app.container.make('server')).getNodeServer()!
    assert.equal(server.keepAliveTimeout, KEEP_ALIVE_MS)
    assert.isAbove(server.keepAliveTimeout, 60_000)
    assert.isAbove(server.headersTimeout, server.keepAliveTimeout)
  })

  test('a connection idle for longer than Node’s default 5 s is reused, not closed', async ({ assert }) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      assert.equal((await get(agent, '/health')).status, 200)
      await new Promise((r) => setTimeout(r, 7000))
      const second = await get(agent, '/health')
      assert.equal(second.status, 200)
      // with Node’s 5 s (and its 1 s buffer) the socket was closed, and the agent would have opened a new one
      assert.isTrue(second.reused)
    } finally {
      agent.destroy()
    }
  }).timeout(20_000)
})
