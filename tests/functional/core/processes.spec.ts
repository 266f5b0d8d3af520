import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { redis } from '#services/redis'
import { createTenant, createUser } from '#tests/helpers/world'
import { startWorkerProcess } from '#tests/helpers/processes'

test.group('processes', () => {
  test('a separate worker process runs the core jobs, and does not listen to the realtime fan-out', async ({
    assert,
  }) => {
    // a worker holds no streams: listening, it decoded every event of the deployment for nobody
    const topic = `${process.env.REDIS_PREFIX ?? 'balcao'}:realtime`
    // (without Redis there is no fan-out to listen to)
    const listeners = async () => {
      const r = redis()
      return r ? Number(((await r.pubsub('NUMSUB', topic)) as [string, number])[1]) : null
    }
    const before = await listeners()
    const { company } = await createTenant()
    const { user } = await createUser(company)
    await db
      .from('users')
      .where('id', user.id)
      .update({ online: true, last_seen_at: new Date(Date.now() - 10 * 60_000) })
    const worker = await startWorkerProcess()
    try {
      const deadline = Date.now() + 30_000
      await jobs.dispatch('core', 'presence-sweep', {})
      let row: any
      while (Date.now() < deadline) {
        row = await db.from('users').where('id', user.id).first()
        if (!row.online) break
        await new Promise((r) => setTimeout(r, 200))
      }
      assert.isFalse(row.online, worker.output())
      // its ready hooks ran before it said so; a subscription would be in place well within a second
      await new Promise((r) => setTimeout(r, 1000))
      assert.equal(await listeners(), before, 'the worker subscribed to the realtime topic')
    } finally {
      // a graceful stop waits for the jobs the worker took, and the queues are shared with the rest of
      // the run (a media fetch may wait 30 s on a host that never answers): bounded here
      await worker.stop(10_000)
      await jobs.close()
    }
  }).timeout(90_000)

  test('production refuses to start without an APP_KEY', async ({ assert }) => {
    const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'core/bin/server.ts'], {
      cwd: app.makePath(),
      env: { ...(process.env as Record<string, string>), NODE_ENV: 'production', APP_KEY: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const code = await new Promise((r) => child.once('exit', r))
    assert.notEqual(code, 0)
    assert.include(output, 'APP_KEY')
  }).timeout(60000)
})
