/**
 * Memory per idle session: N connections run by one supervisor on fake
 * sockets (each with its real login state loaded from PostgreSQL, its
 * listeners, caches and timers), all CONNECTED and idle; heap and external
 * memory after a full GC, before and after, divided by N. The fake socket
 * leaves out what a real Baileys socket adds (websocket, noise and Signal
 * caches), so this is the channel's own share of a session.
 *
 * Run: WA_BENCH=1 TEST_ONLY=japa node_modules/.bin/node scripts/test.mjs --files=whatsapp/tests/idle_memory
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { channelHooks } from '#core/pipeline'
import { tenancy, tenantInsert, tenantTable } from '#core/tenancy'
import { Supervisor } from '../session/supervisor.js'
import { LocalLease } from '../session/lease.js'
import type { SocketFactory } from '../session/socket.js'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function settle() {
  for (let i = 0; i < 3; i++) gc()
  const m = process.memoryUsage()
  return m.heapUsed + m.external + m.arrayBuffers
}

export async function measureIdleSessions(
  companyId: number,
  count: number,
  factory: SocketFactory,
  onOpen: (i: number) => void
) {
  // the bench's rows are one company's
  const inCompany = <T>(fn: () => T) => tenancy.run(companyId, fn)
  const rows = await inCompany(() =>
    tenantInsert(
      'whatsapps',
      Array.from({ length: count }, (_, i) => ({
        name: `Bench ${i}`,
        channel: 'whatsapp',
        token: `bench${companyId}x${i}`.padEnd(30, 'x'),
      }))
    ).returning('id')
  )
  const ids = rows.map((r: any) => Number(r.id ?? r))
  await inCompany(() =>
    tenantInsert(
      'wa_sessions',
      ids.map((id: number) => ({ whatsapp_id: id, desired: 'run' }))
    )
  )
  const before = settle()
  const supervisor = new Supervisor({
    ownerId: 'bench',
    lease: new LocalLease('bench'),
    factory,
    downloader: async () => Buffer.alloc(0),
    hooks: channelHooks,
    tickMs: 60_000,
  })
  const started = Date.now()
  await supervisor.nudge()
  for (let i = 0; i < count; i++) onOpen(i)
  // every session writes CONNECTED; wait for the last
  for (;;) {
    const r = await inCompany(() =>
      tenantTable('whatsapps').whereIn('id', ids).where('status', 'CONNECTED').count('* as n').first()
    )
    if (Number(r?.n) === count) break
    await new Promise((res) => setTimeout(res, 50))
  }
  const elapsed = Date.now() - started
  await new Promise((res) => setTimeout(res, 500))
  const after = settle()
  await supervisor.close()
  await inCompany(() => tenantTable('wa_sessions').whereIn('whatsapp_id', ids).update({ desired: 'stop' }))
  return { count, bytesPerSession: Math.round((after - before) / count), startMs: elapsed }
}
