import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { command } from '../session/commands.js'
import { FencedOut, loadAuthState } from '../session/auth_state.js'
import { backoffDelay } from '../session/backoff.js'
import { stopAllSessions, waWorld, waitFor } from './fixtures/world.js'

const authRows = (id: number) => db.from('wa_auth_state').where('whatsapp_id', id)

test.group('whatsapp session states (fake socket)', (group) => {
  let cleanup: (() => Promise<void>)[] = []
  group.each.teardown(async () => {
    for (const c of cleanup) await c()
    cleanup = []
    await stopAllSessions()
  })

  test('QR → scan → open → transient close → backoff reconnect → open → logged out', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true, resetAuth: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    assert.equal((await w.row()).status, 'OPENING')

    w.wa.last.qr('QR-ONE')
    let row = await w.status('qrcode')
    assert.equal(row.qrcode, 'QR-ONE')
    w.wa.last.qr('QR-TWO')
    await waitFor(async () => (await w.row()).qrcode === 'QR-TWO')

    // the scan: Baileys stores the login, then opens
    await w.wa.last.credsChanged({ registered: true, me: { id: '5511900000000:7@s.whatsapp.net' } })
    w.wa.last.open('5511900000000')
    row = await w.status('CONNECTED')
    assert.equal(row.qrcode, '')
    assert.equal(row.number, '5511900000000')
    const creds = await waitFor(async () => (await authRows(w.whatsapp.id).where('category', 'creds').first()) ?? null)
    // encrypted at rest: no readable field names
    assert.notInclude(creds.value, 'registered')
    assert.notInclude(creds.value, 'noiseKey')
    const health = await db.from('connection_health').where('whatsapp_id', w.whatsapp.id).first()
    assert.isNotNull(health.last_connected_at)

    // a transient close: reconnect on a new socket with the same login, no QR
    w.wa.last.close(428, 'Connection Closed')
    await waitFor(async () => w.wa.sockets.length === 2, 5000)
    assert.isTrue(w.wa.last.options.auth.creds.registered)
    const h2 = await db.from('connection_health').where('whatsapp_id', w.whatsapp.id).first()
    assert.equal(h2.reconnect_count, 1)
    assert.include(h2.last_error, '428')
    assert.isNotNull(h2.last_disconnected_at)
    w.wa.last.open()
    await w.status('CONNECTED')

    // logged out from the phone: DISCONNECTED, login gone, no reconnect, stays down
    w.wa.last.close(401, 'logged out')
    await w.status('DISCONNECTED')
    assert.lengthOf(await authRows(w.whatsapp.id), 0)
    await new Promise((r) => setTimeout(r, 400))
    assert.lengthOf(w.wa.sockets, 2)
    const s = await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).first()
    assert.equal(s.desired, 'stop')
  })

  test('three unscanned QR codes → DISCONNECTED, login cleared, socket closed', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true, resetAuth: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    await w.wa.last.credsChanged({ advSecretKey: 'half-made' })
    await waitFor(async () => (await authRows(w.whatsapp.id)).length > 0)
    for (const code of ['Q1', 'Q2', 'Q3']) {
      w.wa.last.qr(code)
      await waitFor(async () => (await w.row()).qrcode === code)
    }
    w.wa.last.qr('Q4')
    const row = await w.status('DISCONNECTED')
    assert.equal(row.qrcode, '')
    assert.isTrue(w.wa.last.ended)
    assert.lengthOf(await authRows(w.whatsapp.id), 0)
    assert.lengthOf(w.wa.sockets, 1)
  })

  test('pairing by phone-number code: PAIRING with the code instead of a QR', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true, resetAuth: true, pairingPhone: '5511988887777' })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    w.wa.last.qr('IGNORED-QR')
    const row = await w.status('PAIRING')
    assert.equal(row.qrcode, 'ABCD1234')
    assert.deepEqual(w.wa.last.pairingRequests, ['5511988887777'])
    w.wa.last.open()
    await w.status('CONNECTED')
  })

  test('after several failed reconnects the status says TIMEOUT; a retry command restarts at once', async ({
    assert,
  }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    w.wa.last.open()
    await w.status('CONNECTED')
    // random=0 gives the shortest delays: 250 ms, 500 ms, 1 s, 2 s...
    for (let i = 0; i < 6; i++) {
      const count = w.wa.sockets.length
      // the first close drops an open session; the next ones close sessions that never opened
      if (i === 0) w.wa.last.close(408, 'timed out')
      else w.wa.last.close(503, 'unavailable')
      await waitFor(async () => w.wa.sockets.length === count + 1, 20_000)
    }
    await w.status('TIMEOUT')
    // the closes after the first drop happened before the session opened again: still recorded
    const health = await db.from('connection_health').where('whatsapp_id', w.whatsapp.id).firstOrFail()
    assert.equal(health.last_error, '503 unavailable')
    const before = w.wa.sockets.length
    await command(w.ref, 'run', { bump: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === before + 1)
    w.wa.last.open()
    await w.status('CONNECTED')
    assert.equal(w.supervisor.session(w.whatsapp.id)!.attempts, 0)
  }).timeout(60_000)

  test('logout command: device logged out, login cleared, DISCONNECTED', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    await w.wa.last.credsChanged({ registered: true })
    w.wa.last.open()
    await w.status('CONNECTED')
    await command(w.ref, 'logout', { bump: true })
    await w.supervisor.nudge()
    await w.status('DISCONNECTED')
    assert.isTrue(w.wa.sockets[0].loggedOut)
    assert.lengthOf(await authRows(w.whatsapp.id), 0)
    assert.isNull(w.supervisor.session(w.whatsapp.id))
  })

  test('an inactive company’s session stops and comes back when it is active again', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    w.supervisor.start()
    await command(w.ref, 'run', { bump: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 1)
    w.wa.last.open()
    await w.status('CONNECTED')
    await db.from('companies').where('id', w.company.id).update({ status: false })
    await w.supervisor.nudge()
    await waitFor(async () => w.supervisor.session(w.whatsapp.id) === null)
    assert.isTrue(w.wa.sockets[0].ended)
    assert.isFalse(w.wa.sockets[0].loggedOut)
    await db.from('companies').where('id', w.company.id).update({ status: true })
    await w.supervisor.nudge()
    await waitFor(async () => w.wa.sockets.length === 2)
  })

  test('backoff: exponential, jittered, capped', ({ assert }) => {
    assert.equal(
      backoffDelay(0, () => 0),
      250
    )
    assert.equal(
      backoffDelay(0, () => 1),
      1000
    )
    assert.equal(
      backoffDelay(3, () => 1),
      8000
    )
    assert.equal(
      backoffDelay(30, () => 1),
      60_000
    )
    assert.isAtMost(
      backoffDelay(30, () => 0.5),
      60_000
    )
    assert.isAtLeast(
      backoffDelay(30, () => 0),
      15_000
    )
  })

  test('auth state round-trips encrypted and refuses writes from a fenced-out owner', async ({ assert }) => {
    const w = await waWorld()
    await command(w.ref, 'stop')
    await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).update({ fence: 5 })
    const a = await loadAuthState(w.whatsapp.id, 5)
    a.state.creds.registered = true
    await a.saveCreds()
    await a.state.keys.set({ 'pre-key': { '1': { public: Buffer.from([1, 2]), private: Buffer.from([3]) } } } as any)
    const b = await loadAuthState(w.whatsapp.id, 5)
    assert.isTrue(b.state.creds.registered)
    assert.isTrue(Buffer.isBuffer(b.state.creds.noiseKey.private))
    const keys = await b.state.keys.get('pre-key', ['1', '2'])
    assert.deepEqual([...keys['1'].public], [1, 2])
    assert.notProperty(keys, '2')
    await b.state.keys.set({ 'pre-key': { '1': null } } as any)
    assert.deepEqual(await b.state.keys.get('pre-key', ['1']), {})
    // a newer owner took over: the old one's writes are refused
    await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).update({ fence: 6 })
    await assert.rejects(() => a.saveCreds(), FencedOut as any)
  })
})
