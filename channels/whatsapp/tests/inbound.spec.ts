import { test } from '@japa/runner'
import { createServer } from 'node:http'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { companySettings } from '#core/settings'
import { WAProto } from '@whiskeysockets/baileys'
import { mapMessage } from '../inbound/map_message.js'
import { connected, startWorkers, stopAllSessions, waWorld, waitFor } from './fixtures/world.js'
import { waMessage } from './fixtures/fake_socket.js'
import { listen } from '#tests/helpers/realtime'

const PERSON = '5511987654321'
const REVOKE = WAProto.Message.ProtocolMessage.Type.REVOKE
const EDIT = WAProto.Message.ProtocolMessage.Type.MESSAGE_EDIT

test.group('whatsapp inbound (fake socket → durable pipeline → inbox)', (group) => {
  let cleanup: (() => Promise<void>)[] = []
  group.setup(async () => {
    await startWorkers()
  })
  group.each.teardown(async () => {
    for (const c of cleanup) await c()
    cleanup = []
    await stopAllSessions()
  })

  test('every message kind lands once, with media in private per-company storage', async ({ assert }) => {
    const w = await waWorld({ allowGroup: true } as any)
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    const thumb = Buffer.from('thumb')
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;type=CELL;waid=5511912345678:+5511912345678\nEND:VCARD'
    sock.upsert([
      waMessage(PERSON, { conversation: 'Olá, bom dia' }, { id: 'T1' }),
      waMessage(
        PERSON,
        { extendedTextMessage: { text: 'respondendo', contextInfo: { stanzaId: 'T1' } } },
        { id: 'T2' }
      ),
      waMessage(PERSON, { imageMessage: { caption: 'foto do produto', mimetype: 'image/jpeg' } }, { id: 'IMG' }),
      waMessage(PERSON, { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } }, { id: 'AUD' }),
      waMessage(PERSON, { videoMessage: { caption: 'vídeo', mimetype: 'video/mp4' } }, { id: 'VID' }),
      waMessage(PERSON, { documentMessage: { fileName: 'nota.pdf', mimetype: 'application/pdf' } }, { id: 'DOC' }),
      waMessage(PERSON, { stickerMessage: { mimetype: 'image/webp' } }, { id: 'STK' }),
      waMessage(
        PERSON,
        { locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, jpegThumbnail: thumb } },
        { id: 'LOC' }
      ),
      waMessage(PERSON, { contactMessage: { displayName: 'João', vcard } }, { id: 'VCF' }),
      waMessage(
        PERSON,
        { reactionMessage: { key: { id: 'T1', remoteJid: `${PERSON}@s.whatsapp.net` }, text: '👍' } },
        { id: 'R1' }
      ),
      waMessage(
        '120363000000000001@g.us',
        { conversation: 'oi grupo' },
        { id: 'G1', participant: '5511955554444@s.whatsapp.net' }
      ),
      waMessage(PERSON, { senderKeyDistributionMessage: { groupId: 'x' } }, { id: 'SKIP' }),
    ])
    const rows = await waitFor(async () => {
      const r = await w.messages()
      return r.length >= 11 ? r : null
    })
    const by = Object.fromEntries(rows.map((r: any) => [r.wid, r]))
    assert.notProperty(by, 'SKIP')
    assert.equal(by.T1.body, 'Olá, bom dia')
    const t2 = await db.from('inbound_events').where({ whatsapp_id: w.whatsapp.id, event_id: 'T2' }).first()
    assert.equal(by.T2.quoted_msg_id, by.T1.id, JSON.stringify({ t2, t1: by.T1, t2row: by.T2 }))
    assert.equal(by.IMG.media_type, 'image')
    assert.equal(by.IMG.body, 'foto do produto')
    assert.match(
      by.IMG.media_url,
      new RegExp(`^c${w.company.id}/whatsapp/${w.whatsapp.id}/\\d{4}-\\d{2}/[0-9a-f]{32}\\.jpg$`)
    )
    assert.equal(by.AUD.media_type, 'audio')
    assert.match(by.AUD.media_url, /\.ogg$/)
    assert.equal(by.VID.media_type, 'video')
    assert.equal(by.DOC.media_type, 'document')
    assert.match(by.DOC.media_url, /\.pdf$/)
    assert.equal(by.STK.media_type, 'image')
    assert.equal(by.LOC.media_type, 'locationMessage')
    assert.include(by.LOC.body, 'https://maps.google.com/maps?q=-23.5%2C-46.6')
    assert.include(by.LOC.body, thumb.toString('base64'))
    assert.equal(by.VCF.media_type, 'contactMessage')
    assert.equal(by.VCF.body, vcard)
    assert.equal(by.R1.media_type, 'reactionMessage')
    assert.equal(by.R1.body, '👍')
    assert.equal(by.G1.participant, '5511955554444')
    const groupContact = await db.from('contacts').where('id', by.G1.contact_id).first()
    assert.isTrue(groupContact.is_group)
    assert.equal(groupContact.name, 'Grupo da Loja')
    const person = await db.from('contacts').where('id', by.T1.contact_id).first()
    assert.equal(person.number, PERSON)
    assert.equal(person.name, 'Maria Cliente')
    // the stored media is readable from storage, under the company's prefix only
    const { storage } = await import('#core/storage')
    assert.equal(Buffer.from(await storage.disk().getBytes(by.IMG.media_url)).toString(), 'media-bytes')

    // delivered again (offline replay): nothing doubles
    sock.upsert([waMessage(PERSON, { conversation: 'Olá, bom dia' }, { id: 'T1' })], 'append')
    await new Promise((r) => setTimeout(r, 500))
    assert.lengthOf(await w.messages(), rows.length)
  })

  test('edits, deletes (lgpdDeleteMessage rule) and acks on our messages', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    const jid = `${PERSON}@s.whatsapp.net`
    sock.upsert([
      waMessage(PERSON, { conversation: 'primeira versão' }, { id: 'E1' }),
      waMessage(PERSON, { conversation: 'vou apagar' }, { id: 'D1' }),
      waMessage(PERSON, { conversation: 'apagar com LGPD' }, { id: 'D2' }),
      waMessage(PERSON, { conversation: 'enviada do celular' }, { id: 'OUT1', fromMe: true }),
    ])
    await waitFor(async () => (await w.messages()).length === 4)
    sock.upsert([
      waMessage(
        PERSON,
        {
          protocolMessage: {
            type: EDIT,
            key: { id: 'E1', remoteJid: jid },
            editedMessage: { conversation: 'versão corrigida' },
          },
        },
        { id: 'P1' }
      ),
      waMessage(PERSON, { protocolMessage: { type: REVOKE, key: { id: 'D1', remoteJid: jid } } }, { id: 'P2' }),
    ])
    // the same edit also arrives as an update: applied once
    sock.update([
      {
        key: { id: 'E1', remoteJid: jid, fromMe: false },
        update: {
          message: {
            editedMessage: { message: { protocolMessage: { editedMessage: { conversation: 'versão corrigida' } } } },
          },
        },
      },
    ])
    const msg = (wid: string) => db.from('messages').where({ whatsapp_id: w.whatsapp.id, wid }).first()
    await waitFor(async () => (await msg('E1')).is_edited && (await msg('D1')).is_deleted)
    assert.equal((await msg('E1')).body, 'versão corrigida')
    assert.equal((await msg('D1')).body, 'vou apagar')

    await tenancy.run(w.company.id, async () => {
      await companySettings.set('enableLGPD', 'enabled')
      await companySettings.set('lgpdDeleteMessage', 'enabled')
    })
    sock.update([
      {
        key: { id: 'D2', remoteJid: jid, fromMe: false },
        update: { messageStubType: WAProto.WebMessageInfo.StubType.REVOKE },
      },
    ])
    await waitFor(async () => (await msg('D2')).is_deleted)
    assert.equal((await msg('D2')).body, '🚫 _Mensagem Apagada_')

    // acks only move forward: read (4 → 3) then a late delivered (3 → 2) is ignored
    sock.update([{ key: { id: 'OUT1', remoteJid: jid, fromMe: true }, update: { status: 4 } }])
    await waitFor(async () => (await msg('OUT1')).ack === 3)
    sock.update([{ key: { id: 'OUT1', remoteJid: jid, fromMe: true }, update: { status: 3 } }])
    await new Promise((r) => setTimeout(r, 400))
    assert.equal((await msg('OUT1')).ack, 3)
    // per-recipient receipts (groups) count too: played → 4
    sock.emit('message-receipt.update', [
      { key: { id: 'OUT1', remoteJid: jid, fromMe: true }, receipt: { userJid: jid, playedTimestamp: 1 } },
    ])
    await new Promise((r) => setTimeout(r, 1000))
    await waitFor(async () => (await msg('OUT1')).ack === 4)
  })

  test('calls: acceptCallWhatsapp disabled rejects with the company message; each call logged once', async ({
    assert,
  }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    await tenancy.run(w.company.id, async () => {
      await companySettings.set('acceptCallWhatsapp', 'disabled')
      await companySettings.set('AcceptCallWhatsappMessage', 'Não atendemos ligações, escreva por aqui.')
    })
    const call = { id: 'CALL1', from: `${PERSON}@s.whatsapp.net`, status: 'offer', isVideo: false, date: new Date() }
    sock.emit('call', [call])
    sock.emit('call', [call, { ...call, status: 'terminate' }])
    const rows = await waitFor(async () => {
      const r = await w.messages()
      return r.length ? r : null
    })
    await new Promise((r) => setTimeout(r, 300))
    assert.lengthOf(await w.messages(), 1)
    assert.equal(rows[0].media_type, 'call_log')
    assert.deepEqual(sock.rejected[0], { id: 'CALL1', from: `${PERSON}@s.whatsapp.net` })
    assert.equal(sock.sent[0].content.text, 'Não atendemos ligações, escreva por aqui.')

    await tenancy.run(w.company.id, () => companySettings.set('acceptCallWhatsapp', 'enabled'))
    sock.emit('call', [{ ...call, id: 'CALL2' }])
    await waitFor(async () => (await w.messages()).length === 2)
    assert.lengthOf(sock.rejected, 2)
  })

  test('LID and phone number are one contact', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    sock.emit('contacts.upsert', [{ id: `${PERSON}@s.whatsapp.net`, lid: '201234567890123@lid' }])
    await waitFor(async () => db.from('wa_lid_map').where({ company_id: w.company.id, lid: '201234567890123' }).first())
    sock.upsert([waMessage(PERSON, { conversation: 'pelo número' }, { id: 'N1' })])
    sock.upsert([waMessage('201234567890123@lid', { conversation: 'pelo LID' }, { id: 'L1' })])
    const rows = await waitFor(async () => {
      const r = await w.messages()
      return r.length === 2 ? r : null
    })
    assert.equal(rows[0].contact_id, rows[1].contact_id)
    // the phone-number-share message teaches a new pair too
    sock.emit('chats.phoneNumberShare', { lid: '309876543210987@lid', jid: '5521999990000@s.whatsapp.net' })
    await waitFor(async () => db.from('wa_lid_map').where({ company_id: w.company.id, lid: '309876543210987' }).first())
    sock.upsert([waMessage('309876543210987@lid', { conversation: 'outro' }, { id: 'L2' })])
    const l2 = await waitFor(async () => db.from('messages').where({ whatsapp_id: w.whatsapp.id, wid: 'L2' }).first())
    const c = await db.from('contacts').where('id', l2.contact_id).first()
    assert.equal(c.number, '5521999990000')
  })

  test('the account’s chats are recorded for the contacts import, broadcasts left out', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    sock.emit('chats.upsert', [
      { id: `${PERSON}@s.whatsapp.net`, name: 'Cliente Fiel' },
      { id: 'status@broadcast' },
      { id: '120363000000000001@g.us', name: 'Grupo da Loja' },
    ])
    sock.emit('chats.update', [{ id: `${PERSON}@s.whatsapp.net`, name: 'Cliente Renomeado' }])
    const rows = await waitFor(async () => {
      const r = await db.from('wa_chats').where('whatsapp_id', w.whatsapp.id).orderBy('jid')
      return r.length === 2 && r.some((x) => x.name === 'Cliente Renomeado') ? r : null
    })
    assert.sameMembers(
      rows.map((r: any) => r.jid),
      [`${PERSON}@s.whatsapp.net`, '120363000000000001@g.us']
    )
    const { whatsappDriver } = await import('../driver.js')
    const chats = await whatsappDriver.listChats!(w.ref)
    assert.deepInclude(chats, { number: PERSON, name: 'Cliente Renomeado' })
    assert.deepInclude(chats, { number: '120363000000000001', name: 'Grupo da Loja', isGroup: true })
  })

  test('profile pictures are copied into private storage and served signed', async ({ assert, client }) => {
    const picture = Buffer.from('jpeg-bytes-of-a-face')
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture))
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    cleanup.push(() => new Promise<void>((r) => server.close(() => r())))
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    sock.profilePictureUrl = (async () => `http://127.0.0.1:${(server.address() as any).port}/pp.jpg`) as any
    sock.upsert([waMessage(PERSON, { conversation: 'com foto' }, { id: 'PP1' })])
    const row = await waitFor(async () => db.from('messages').where({ whatsapp_id: w.whatsapp.id, wid: 'PP1' }).first())
    const contact = await db.from('contacts').where('id', row.contact_id).firstOrFail()
    assert.match(contact.url_picture, new RegExp(`^c${w.company.id}/contacts/[0-9a-f]{32}\\.jpg$`))
    const shown = await client.get(`/contacts/${contact.id}`).bearerToken(w.adminToken)
    shown.assertStatus(200)
    const signed = new URL(shown.body().urlPicture, 'http://x')
    assert.isTrue(signed.pathname.startsWith('/media/'))
    const fetched = await client.get(signed.pathname + signed.search)
    fetched.assertStatus(200)
  })

  test('a media message whose download never finished is resumed on the next open, stored once', async ({ assert }) => {
    let calls = 0
    // the first download hangs for ever: the process "dies" in the middle of it
    const downloader = async () => {
      calls++
      if (calls === 1) return new Promise<Buffer<ArrayBuffer>>(() => {})
      return Buffer.from('media-bytes') as Buffer<ArrayBuffer>
    }
    const w = await waWorld({}, { downloader })
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    sock.upsert([
      waMessage(PERSON, { imageMessage: { caption: 'nota fiscal', mimetype: 'image/jpeg' } }, { id: 'PM1' }),
    ])
    await waitFor(async () =>
      db.from('wa_pending_media').where({ whatsapp_id: w.whatsapp.id, provider_message_id: 'PM1' }).first()
    )
    assert.lengthOf(await w.messages(), 0)

    sock.close(428, 'Connection Lost')
    await waitFor(async () => w.wa.sockets.length === 2, 5000)
    w.wa.last.open()
    await w.status('CONNECTED')
    const row = await waitFor(async () => db.from('messages').where({ whatsapp_id: w.whatsapp.id, wid: 'PM1' }).first())
    assert.equal(row.body, 'nota fiscal')
    assert.match(row.media_url, /\.jpg$/)
    await waitFor(async () => !(await db.from('wa_pending_media').where({ whatsapp_id: w.whatsapp.id }).first()))
    assert.lengthOf(await w.messages(), 1)
  })

  test('gap sync: messages delivered during a disconnect arrive once (offline delivery and history replay)', async ({
    assert,
  }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    sock.upsert([waMessage(PERSON, { conversation: 'antes da queda' }, { id: 'A' })])
    await waitFor(async () => (await w.messages()).length === 1)
    sock.close(428, 'Connection Lost')
    await waitFor(async () => w.wa.sockets.length === 2, 5000)
    const again = w.wa.last
    again.open()
    await w.status('CONNECTED')
    const t = Math.floor(Date.now() / 1000)
    const missed = [
      waMessage(PERSON, { conversation: 'durante a queda 1' }, { id: 'B', ts: t - 5 }),
      waMessage(PERSON, { conversation: 'durante a queda 2' }, { id: 'C', ts: t - 4 }),
    ]
    // WhatsApp delivers what was queued, and the history sync replays the same window
    again.upsert(missed, 'append')
    again.history([
      waMessage(PERSON, { conversation: 'antes da queda' }, { id: 'A', ts: t - 6 }),
      ...missed,
      waMessage(PERSON, { conversation: 'muito antigo' }, { id: 'OLD', ts: t - 30 * 86400 }),
    ])
    again.upsert([missed[1]], 'notify')
    await waitFor(async () => (await w.messages()).length >= 3)
    await new Promise((r) => setTimeout(r, 600))
    const wids = (await w.messages()).map((m: any) => m.wid)
    assert.deepEqual(wids.sort(), ['A', 'B', 'C'])
    const events = await db.from('inbound_events').where('whatsapp_id', w.whatsapp.id).where('kind', 'message')
    assert.lengthOf(events, 3)
  })

  test('history import: streamed into the pipeline, window and groups respected, progress and close button', async ({
    assert,
  }) => {
    const w = await waWorld({ importOldMessages: true } as any)
    cleanup.push(() => w.supervisor.close())
    const live = listen(`http://127.0.0.1:${process.env.PORT}`, w.adminToken)
    cleanup.push(async () => live.close())
    await live.subscribe(`company/${w.company.id}`)
    const from = new Date(Date.now() - 10 * 86400_000)
    await db
      .table('connection_imports')
      .insert({ whatsapp_id: w.whatsapp.id, company_id: w.company.id, from_date: from, groups: false })
    const sock = await connected(w)
    const day = 86400
    const t = Math.floor(Date.now() / 1000)
    sock.history([
      waMessage(PERSON, { conversation: 'há 2 dias' }, { id: 'H1', ts: t - 2 * day }),
      waMessage('5511922223333', { conversation: 'há 3 dias' }, { id: 'H2', ts: t - 3 * day }),
      waMessage(PERSON, { conversation: 'há 30 dias' }, { id: 'H-OLD', ts: t - 30 * day }),
      waMessage(
        '120363000000000009@g.us',
        { conversation: 'grupo' },
        { id: 'H-GRP', ts: t - day, participant: '5511900001111@s.whatsapp.net' }
      ),
    ])
    await waitFor(
      async () => (await db.from('connection_imports').where('whatsapp_id', w.whatsapp.id).first()).processed === 2
    )
    const mid = await w.row()
    assert.match(String(mid.statusImportMessages), /^\d{13}$/)
    sock.history([waMessage(PERSON, { conversation: 'ontem' }, { id: 'H3', ts: t - day })], { isLatest: true })
    const done = await waitFor(async () => {
      const r = await w.row()
      return r.statusImportMessages === 'renderButtonCloseTickets' ? r : null
    })
    assert.isFalse(done.importOldMessages)
    const imp = await db.from('connection_imports').where('whatsapp_id', w.whatsapp.id).first()
    assert.equal(imp.state, 'done')
    assert.equal(imp.received, 3)
    const events = await db.from('inbound_events').where('whatsapp_id', w.whatsapp.id).orderBy('id')
    assert.sameMembers(
      events.map((e: any) => e.event_id),
      ['H1', 'H2', 'H3']
    )
    assert.isTrue(events.every((e: any) => e.payload.imported === true))
    // the spec's progress events: preparing (-1), counts with a date, then refresh
    const name = `importMessages-${w.company.id}`
    await live.waitFor((m) => m.event === name && m.status?.this === -1)
    const progress = await live.waitFor((m) => m.event === name && m.status?.this === 2)
    assert.equal(progress.status.all, 2)
    assert.match(progress.status.date, /^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/)
    await live.waitFor((m) => m.event === name && m.action === 'refresh')
  })

  test('mapping is pure and total: wrappers, buttons, unknown kinds', ({ assert }) => {
    const eph = mapMessage(waMessage(PERSON, { ephemeralMessage: { message: { conversation: 'some' } } }) as any)
    assert.equal(eph?.event.body, 'some')
    const once = mapMessage(
      waMessage(PERSON, {
        viewOnceMessageV2: { message: { imageMessage: { caption: 'x', mimetype: 'image/png' } } },
      }) as any
    )
    assert.equal(once?.media?.mediaType, 'image')
    const btn = mapMessage(waMessage(PERSON, { buttonsResponseMessage: { selectedDisplayText: 'Sim' } }) as any)
    assert.equal(btn?.event.body, 'Sim')
    assert.isNull(mapMessage(waMessage('status@broadcast', { conversation: 'story' }) as any))
    assert.isNull(
      mapMessage({ key: { remoteJid: `${PERSON}@s.whatsapp.net`, id: 'X' }, message: { pollUpdateMessage: {} } } as any)
    )
  })
})

test.group('history import survives a restart', (group) => {
  group.setup(() => startWorkers())
  group.each.teardown(() => stopAllSessions())

  test('a crash mid-import: what arrived is kept, the new owner finishes and closes the imported tickets', async ({
    assert,
  }) => {
    const { HistorySync } = await import('../inbound/history_sync.js')
    const previous = HistorySync.finishAfterMs
    HistorySync.finishAfterMs = 300
    const w = await waWorld({ importOldMessages: true, closedTicketsPostImported: true } as any)
    try {
      await db.table('connection_imports').insert({
        whatsapp_id: w.whatsapp.id,
        company_id: w.company.id,
        from_date: new Date(Date.now() - 5 * 86400_000),
      })
      const sock = await connected(w)
      const t = Math.floor(Date.now() / 1000) - 86400
      sock.history([
        waMessage('5511933330001', { conversation: 'antigo 1' }, { id: 'R1', ts: t }),
        waMessage('5511933330002', { conversation: 'antigo 2' }, { id: 'R2', ts: t }),
      ])
      await waitFor(
        async () => (await db.from('connection_imports').where('whatsapp_id', w.whatsapp.id).first()).processed === 2
      )
      // the process dies before the import finished
      await w.supervisor.crash()
      // the local lease lived in the dead process's memory
      await w.supervisor.options.lease.close()
      const imp = await db.from('connection_imports').where('whatsapp_id', w.whatsapp.id).first()
      assert.equal(imp.state, 'running')

      // a new supervisor (another process) takes the same connection
      const { Supervisor } = await import('../session/supervisor.js')
      const { LocalLease } = await import('../session/lease.js')
      const { channelHooks } = await import('#core/pipeline')
      const { FakeWhatsApp, fakeDownloader } = await import('./fixtures/fake_socket.js')
      const { command } = await import('../session/commands.js')
      const wa2 = new FakeWhatsApp()
      const second = new Supervisor({
        ownerId: 'second',
        lease: new LocalLease('second'),
        factory: wa2.factory,
        downloader: fakeDownloader,
        hooks: channelHooks,
        tickMs: 100,
      })
      await command(w.ref, 'run', { bump: true })
      second.start()
      try {
        await waitFor(async () => wa2.sockets.length === 1)
        wa2.last.open()
        const done = await waitFor(async () => {
          const i = await db.from('connection_imports').where('whatsapp_id', w.whatsapp.id).first()
          return i.state === 'done' ? i : null
        })
        assert.equal(done.processed, 2)
        await waitFor(async () => (await w.row()).statusImportMessages === null)
        const tickets = await db.from('tickets').where('whatsapp_id', w.whatsapp.id)
        assert.lengthOf(tickets, 2)
        assert.isTrue(tickets.every((x: any) => x.status === 'closed'))
        // one close path (the inbox's), which logs each ticket it closes
        const logs = await db
          .from('ticket_logs')
          .whereIn(
            'ticket_id',
            tickets.map((x: any) => x.id)
          )
          .where('type', 'closed')
        assert.lengthOf(logs, 2)
        assert.isFalse((await w.row()).importOldMessages)
      } finally {
        await second.close()
      }
    } finally {
      HistorySync.finishAfterMs = previous
    }
  }).timeout(30_000)
})

test.group('handing events in', () => {
  test('a failing pipeline write is retried before the message is given up', async ({ assert }) => {
    const { InboundHandler } = await import('../inbound/inbound_handler.js')
    let calls = 0
    const hooks = {
      status: async () => {},
      inbound: async () => {
        calls++
        if (calls < 3) throw new Error('connection terminated')
        return { id: 1, duplicate: false }
      },
    }
    const ref = { id: 1, companyId: 1, channel: 'whatsapp', name: 'x', token: 't', settings: {} }
    const handler = new InboundHandler(
      ref,
      hooks as any,
      async () => Buffer.alloc(0),
      () => null
    )
    const r = await handler.ingestMessage(waMessage(PERSON, { conversation: 'oi' }) as any)
    assert.deepEqual(r, { id: 1, duplicate: false })
    assert.equal(calls, 3)
  })
})
