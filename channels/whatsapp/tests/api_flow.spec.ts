import { test } from '@japa/runner'
import { listen } from '#tests/helpers/realtime'
import { channelHooks } from '#core/pipeline'
import { whatsappRuntime } from '../runtime.js'
import { Supervisor } from '../session/supervisor.js'
import { LocalLease } from '../session/lease.js'
import { FakeWhatsApp, fakeDownloader } from './fixtures/fake_socket.js'
import { stopAllSessions, waitFor } from './fixtures/world.js'
import { createTenant, createUser } from '#tests/helpers/world'

const base = () => `http://127.0.0.1:${process.env.PORT}`

test.group('connections page flow over HTTP with the fake socket', (group) => {
  let supervisor: Supervisor | null = null
  let wa: FakeWhatsApp
  group.each.setup(async () => {
    await stopAllSessions()
    wa = new FakeWhatsApp()
    supervisor = new Supervisor({
      ownerId: 'api-flow',
      lease: new LocalLease('api-flow'),
      factory: wa.factory,
      downloader: fakeDownloader,
      hooks: channelHooks,
      tickMs: 100,
    })
    supervisor.start()
    whatsappRuntime.useSupervisor(supervisor)
  })
  group.each.teardown(async () => {
    whatsappRuntime.useSupervisor(null)
    await supervisor?.close()
    await stopAllSessions()
  })

  test('add a connection → live QR events → scan → CONNECTED → disconnect → new QR', async ({ client, assert }) => {
    const { company, admin: adminUser, adminToken } = await createTenant()
    const { user: attendant, token: userToken } = await createUser(company)
    const admin = listen(base(), adminToken)
    const user = listen(base(), userToken)
    await admin.subscribe(`company/${company.id}`)
    await admin.subscribe(`company/${company.id}/user/${adminUser.id}`)
    await user.subscribe(`company/${company.id}`)
    await user.subscribe(`company/${company.id}/user/${attendant.id}`)
    try {
      const created = await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Loja Centro' })
      created.assertStatus(201)
      const id = created.body().id
      await waitFor(async () => wa.sockets.length === 1)
      wa.last.qr('2@QR-CODE-ONE')
      const ev = await admin.waitFor(
        (m) => m.event === `company-${company.id}-whatsappSession` && m.session.qrcode === '2@QR-CODE-ONE'
      )
      assert.equal(ev.session.status, 'qrcode')
      assert.notProperty(ev.session, 'token')
      // attendants learn the state, never the code that links a phone
      const seen = await user.waitFor(
        (m) => m.event === `company-${company.id}-whatsappSession` && m.session.status === 'qrcode'
      )
      assert.isNull(seen.session.qrcode)
      assert.isFalse(user.messages.some((m) => JSON.stringify(m).includes('QR-CODE-ONE')))
      // the QR dialog's GET shows it to admins, never to attendants
      assert.equal((await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().qrcode, '2@QR-CODE-ONE')
      assert.notProperty((await client.get(`/whatsapp/${id}`).bearerToken(userToken)).body(), 'qrcode')

      wa.last.open('5511933332222')
      await admin.waitFor(
        (m) => m.event === `company-${company.id}-whatsappSession` && m.session.status === 'CONNECTED'
      )
      const one = (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body()
      assert.equal(one.number, '5511933332222')
      assert.isNotNull(one.health.lastConnectedAt)

      // a drop raises the alert event for everyone in the company
      wa.last.close(408, 'Connection Lost')
      const alert = await user.waitFor(
        (m) => m.event === `company-${company.id}-whatsappHealth` && m.action === 'alert'
      )
      assert.equal(alert.whatsappId, id)
      await waitFor(async () => wa.sockets.length === 2, 5000)
      wa.last.open('5511933332222')
      await waitFor(
        async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().status === 'CONNECTED'
      )

      // disconnect
      const del = await client.delete(`/whatsappsession/${id}`).bearerToken(adminToken)
      del.assertStatus(200)
      await waitFor(
        async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().status === 'DISCONNECTED'
      )
      assert.isTrue(wa.sockets[1].loggedOut)

      // new QR
      ;(await client.put(`/whatsappsession/${id}`).bearerToken(adminToken)).assertStatus(200)
      await waitFor(async () => wa.sockets.length === 3)
      wa.last.qr('2@QR-CODE-TWO')
      await waitFor(
        async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().qrcode === '2@QR-CODE-TWO'
      )

      // deleting the connection stops its session
      ;(await client.delete(`/whatsapp/${id}`).bearerToken(adminToken)).assertStatus(204)
      await waitFor(async () => supervisor!.session(id) === null)
      assert.isTrue(wa.sockets[2].loggedOut, 'a deleted connection logs its device out')
    } finally {
      admin.close()
      user.close()
    }
  }).timeout(30_000)

  test('pairing code requested through POST /whatsappsession with pairingPhone', async ({ client, assert }) => {
    const { adminToken } = await createTenant()
    const id = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Pareamento' })).body().id
    await waitFor(async () => wa.sockets.length === 1)
    const bad = await client.put(`/whatsappsession/${id}`).bearerToken(adminToken).json({ pairingPhone: '12ab' })
    assert.equal(bad.status(), 422)
    ;(
      await client.put(`/whatsappsession/${id}`).bearerToken(adminToken).json({ pairingPhone: '5511977776666' })
    ).assertStatus(200)
    await waitFor(async () => wa.sockets.length === 2)
    wa.last.qr('ignored')
    await waitFor(async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().status === 'PAIRING')
    assert.equal((await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().qrcode, 'ABCD1234')
  })

  test('switching old-message import on for a CONNECTED connection restarts it with a new login (new QR)', async ({
    client,
    assert,
  }) => {
    const { adminToken } = await createTenant()
    const id = (await client.post('/whatsapp').bearerToken(adminToken).json({ name: 'Com histórico' })).body().id
    await waitFor(async () => wa.sockets.length === 1)
    await wa.last.credsChanged({ registered: true })
    wa.last.open()
    await waitFor(
      async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().status === 'CONNECTED'
    )
    const start = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10)
    const r = await client
      .put(`/whatsapp/${id}`)
      .bearerToken(adminToken)
      .json({ importOldMessages: start, closedTicketsPostImported: true })
    r.assertStatus(200)
    await waitFor(async () => wa.sockets.length === 2)
    assert.isFalse(Boolean(wa.last.options.auth.creds.registered), 'the new socket starts without the old login')
    wa.last.qr('2@NEW-LOGIN')
    await waitFor(async () => (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body().status === 'qrcode')
    const imp = (await client.get(`/whatsapp/${id}`).bearerToken(adminToken)).body()
    assert.isTrue(imp.importOldMessages)
  })
})
