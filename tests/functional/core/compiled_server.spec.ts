/**
 * Production runs the server compiled (scripts/build-server.mjs → build/),
 * without a TypeScript loader. This builds a private copy and proves it
 * boots, finds its plugins (.js manifests) and serves signed-in calls.
 */
import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import app from '@adonisjs/core/services/app'
import { startApiProcess } from '#tests/helpers/processes'
import { createTenant, PASSWORD } from '#tests/helpers/world'

const DIR = `.data/test-build-${process.pid}`

test.group('compiled server', (group) => {
  group.teardown(() => rmSync(app.makePath(DIR), { recursive: true, force: true }))

  test('builds, boots without the loader and serves the API with every plugin', async ({ assert }) => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: app.makePath(),
      env: { ...process.env, SERVER_BUILD_DIR: DIR },
      encoding: 'utf8',
    })
    assert.equal(build.status, 0, build.stderr)
    const { admin } = await createTenant()
    // the fixture channel is TypeScript only: the compiled server runs the shipped plugins
    const api = await startApiProcess({ PLUGIN_EXTRA_DIRS: undefined }, DIR)
    try {
      const login = await fetch(`${api.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: PASSWORD }),
      })
      assert.equal(login.status, 200)
      const { token } = (await login.json()) as { token: string }
      const modules = await fetch(`${api.url}/modules`, { headers: { authorization: `Bearer ${token}` } })
      const body = (await modules.json()) as { modules: { name: string }[]; channels: { name: string }[] }
      assert.includeMembers(
        body.modules.map((m) => m.name),
        ['inbox', 'queues', 'connections', 'helps', 'announcements']
      )
      assert.include(
        body.channels.map((c) => c.name),
        'whatsapp'
      )
      const tickets = await fetch(`${api.url}/tickets?status=open`, { headers: { authorization: `Bearer ${token}` } })
      assert.equal(tickets.status, 200)
    } finally {
      await api.stop()
    }
  }).timeout(90_000)
})
