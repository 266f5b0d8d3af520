import { test } from '@japa/runner'
import { createTenant, createPlan } from '#tests/helpers/world'
import { measureIdleSessions } from '../bench/idle_sessions.js'
import { FakeWhatsApp } from './fixtures/fake_socket.js'
import { stopAllSessions } from './fixtures/world.js'

// a measurement, not a check: runs only when asked (WA_BENCH=1)
test('memory per idle session (fake socket)', async ({ assert }) => {
  await stopAllSessions()
  const { company } = await createTenant({ plan: await createPlan({ connections: 100000 }) })
  const wa = new FakeWhatsApp()
  const n = Number(process.env.WA_BENCH_SESSIONS ?? 500)
  const result = await measureIdleSessions(company.id, n, wa.factory, (i) =>
    wa.sockets[i].open(`55119${String(i).padStart(8, '0')}`)
  )
  console.log(`WA_BENCH ${JSON.stringify(result)}`)
  assert.isAbove(result.bytesPerSession, 0)
})
  .skip(!process.env.WA_BENCH, 'set WA_BENCH=1 to measure')
  .timeout(300_000)
