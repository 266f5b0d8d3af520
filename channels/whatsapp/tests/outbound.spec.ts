import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import type { OutgoingMessage } from '#core/channels'
import { storage } from '#core/storage'
import { AppError } from '#core/errors'
import db from '@adonisjs/lucid/services/db'
import { command } from '../session/commands.js'
import { sendLocal, whatsappDriver } from '../driver.js'
import { SendRelay } from '../session/send_relay.js'
import { whatsappRuntime } from '../runtime.js'
import { buildContent, buildVCard, whatsappIdFor } from '../outbound/build_content.js'
import { toVoiceNote } from '../outbound/voice_note.js'
import { connected, stopAllSessions, waWorld, waitFor } from './fixtures/world.js'
import { waMessage } from './fixtures/fake_socket.js'

const PERSON = '5511987654321'
const JID = `${PERSON}@s.whatsapp.net`

const msg = (over: Partial<OutgoingMessage>): OutgoingMessage => ({
  id: `our-${Math.random()}`,
  messageId: 1,
  ticketId: 1,
  kind: 'text',
  to: { number: PERSON, isGroup: false },
  body: 'Olá!',
  ...over,
})

/** one second of a 440 Hz tone, made by the same bundled ffmpeg */
function wavTone() {
  const require = createRequire(import.meta.url)
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path
  const r = spawnSync(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-f', 'wav', 'pipe:1'],
    {
      maxBuffer: 10 * 1024 * 1024,
    }
  )
  return r.stdout as Buffer
}

test.group('whatsapp outbound (outbox → driver → fake socket)', (group) => {
  let cleanup: (() => Promise<void>)[] = []
  group.each.teardown(async () => {
    for (const c of cleanup) await c()
    cleanup = []
    whatsappRuntime.useSupervisor(null)
    await stopAllSessions()
  })

  test('text, quoted reply, media with caption, voice note, reaction, edit, delete, vCard', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    whatsappRuntime.useSupervisor(w.supervisor)
    const key = `c${w.company.id}/tests/${Date.now()}.png`
    await storage.disk().put(key, Buffer.from('png-bytes'))
    const wavKey = `c${w.company.id}/tests/${Date.now()}.wav`
    await storage.disk().put(wavKey, wavTone())

    const text = msg({ id: 'stable-1' })
    const r1 = await whatsappDriver.send(w.ref, text)
    assert.equal(r1.providerId, whatsappIdFor('stable-1'))
    assert.equal(r1.ack, 1)
    assert.deepEqual(sock.sent[0].content, { text: 'Olá!' })
    assert.equal(sock.sent[0].jid, JID)

    await whatsappDriver.send(w.ref, msg({ body: 'isso', quotedProviderId: 'Q1' }))
    assert.equal(sock.sent[1].options.quoted.key.id, 'Q1')

    await whatsappDriver.send(
      w.ref,
      msg({ kind: 'media', mediaType: 'image', mediaUrl: storage.url(key), body: 'veja', mediaName: 'a.png' })
    )
    assert.equal(sock.sent[2].content.image.toString(), 'png-bytes')
    assert.equal(sock.sent[2].content.caption, 'veja')

    await whatsappDriver.send(
      w.ref,
      msg({ kind: 'media', mediaType: 'audio', mediaUrl: storage.url(wavKey), body: '' })
    )
    const voice = sock.sent[3].content
    assert.isTrue(voice.ptt)
    assert.equal(voice.mimetype, 'audio/ogg; codecs=opus')
    assert.equal(voice.audio.subarray(0, 4).toString(), 'OggS')
    assert.include(voice.audio.subarray(0, 64).toString('latin1'), 'OpusHead')

    await whatsappDriver.send(w.ref, msg({ kind: 'reaction', body: '❤️', targetProviderId: 'T9' }))
    assert.deepEqual(sock.sent[4].content.react, { text: '❤️', key: { remoteJid: JID, id: 'T9', fromMe: false } })
    await whatsappDriver.send(w.ref, msg({ kind: 'edit', body: 'corrigido', targetProviderId: 'M1' }))
    assert.deepEqual(sock.sent[5].content, { text: 'corrigido', edit: { remoteJid: JID, id: 'M1', fromMe: true } })
    await whatsappDriver.send(w.ref, msg({ kind: 'delete', targetProviderId: 'M1' }))
    assert.deepEqual(sock.sent[6].content, { delete: { remoteJid: JID, id: 'M1', fromMe: true } })
    await whatsappDriver.send(w.ref, msg({ body: buildVCard('João', '55 11 91234-5678') }))
    assert.equal(sock.sent[7].content.contacts.displayName, 'João')
    assert.include(sock.sent[7].content.contacts.contacts[0].vcard, 'waid=5511912345678')

    // a group
    await whatsappDriver.send(w.ref, msg({ to: { number: '120363000000000001', isGroup: true } }))
    assert.equal(sock.sent[8].jid, '120363000000000001@g.us')

    // our own echo is not ingested as a new message; read receipts go out
    sock.upsert([waMessage(PERSON, { conversation: 'Olá!' }, { id: r1.providerId, fromMe: true })], 'append')
    await whatsappDriver.markRead(w.ref, [{ chat: { number: PERSON, isGroup: false }, providerId: 'IN1' }])
    assert.deepEqual(sock.read[0], { remoteJid: JID, id: 'IN1', fromMe: false, participant: undefined })
    await new Promise((r) => setTimeout(r, 200))
    assert.lengthOf(await w.messages(), 0)
  })

  test('whether a number is on WhatsApp: asked of the live session; unknown (undefined) without one', async ({
    assert,
  }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    whatsappRuntime.useSupervisor(w.supervisor)
    assert.isUndefined(await whatsappDriver.checkNumber!(w.ref, PERSON))
    const sock = await connected(w)
    sock.notOnWhatsApp.add('5511900001111')
    assert.isTrue(await whatsappDriver.checkNumber!(w.ref, PERSON))
    assert.isFalse(await whatsappDriver.checkNumber!(w.ref, '5511900001111'))
  })

  test('send refuses (so the outbox retries) while not connected or owned elsewhere', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    await assert.rejects(() => whatsappDriver.send(w.ref, msg({})), /ERR_WAPP_SESSION_BUSY/)
    const sock = await connected(w)
    whatsappRuntime.useSupervisor(w.supervisor)
    sock.close(428)
    await waitFor(async () => (await w.row()).status !== 'CONNECTED')
    await assert.rejects(() => whatsappDriver.send(w.ref, msg({})), /ERR_WAPP_NOT_INITIALIZED/)
  })

  test('a send on a process without the socket is relayed to the owner over Redis', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    whatsappRuntime.useSupervisor(w.supervisor)
    const owner = new SendRelay(process.env.REDIS_URL!, `owner-${w.whatsapp.id}`, sendLocal)
    const other = new SendRelay(process.env.REDIS_URL!, `other-${w.whatsapp.id}`, async () => {
      throw new Error('not here')
    })
    cleanup.push(async () => {
      await owner.close()
      await other.close()
    })
    await new Promise((r) => setTimeout(r, 200))
    const r = await other.send(owner.ownerId, w.ref, msg({ id: 'relayed-1', body: 'via relay' }))
    assert.equal(r.providerId, whatsappIdFor('relayed-1'))
    assert.deepEqual(sock.sent.at(-1)!.content, { text: 'via relay' })
    // an owner that is gone: fails fast so the outbox retries
    await assert.rejects(() => other.send('nobody-home', w.ref, msg({})), /owner not listening/)
  }).skip(!process.env.REDIS_URL, 'needs REDIS_URL')

  test('a message this session already sent is not sent again when its job runs again', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    const sock = await connected(w)
    whatsappRuntime.useSupervisor(w.supervisor)
    // the first job's worker died after the send (relayed here) and before recording it
    const first = await whatsappDriver.send(w.ref, msg({ id: 'once-1' }))
    const again = await whatsappDriver.send(w.ref, msg({ id: 'once-1' }))
    assert.equal(again.providerId, first.providerId)
    assert.lengthOf(
      sock.sent.filter((s) => s.options.messageId === whatsappIdFor('once-1')),
      1
    )
  })

  test('an owner that dies while a relayed send waits fails it at once (not after the timeout)', async ({ assert }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    let got!: () => void
    const received = new Promise<void>((r) => (got = r))
    // it takes the request, then dies before answering
    const owner = new SendRelay(process.env.REDIS_URL!, `dying-${w.whatsapp.id}`, () => {
      got()
      return new Promise<never>(() => {})
    })
    const other = new SendRelay(process.env.REDIS_URL!, `asker-${w.whatsapp.id}`, async () => {
      throw new Error('not here')
    })
    cleanup.push(async () => {
      await owner.close()
      await other.close()
    })
    await new Promise((r) => setTimeout(r, 200))
    const t0 = Date.now()
    const sent = other.send(owner.ownerId, w.ref, msg({}), 15_000)
    sent.catch(() => {})
    await received
    await owner.close()
    const error: any = await sent.catch((e) => e)
    assert.isTrue(error.ownerGone)
    assert.isBelow(Date.now() - t0, 5000)
  })
    .skip(!process.env.REDIS_URL, 'needs REDIS_URL')
    .timeout(20_000)

  test('a send whose owner died waits for the process that takes the session over, and goes there', async ({
    assert,
  }) => {
    const w = await waWorld()
    cleanup.push(() => w.supervisor.close())
    // the session row names an owner nobody listens for (killed with SIGKILL, its lease not yet expired)
    await command(w.ref, 'stop')
    await db
      .from('wa_sessions')
      .where('whatsapp_id', w.whatsapp.id)
      .update({ owner: `dead-${w.whatsapp.id}` })
    let calls = 0
    const heir = new SendRelay(process.env.REDIS_URL!, `heir-${w.whatsapp.id}`, async (_ref, m) => {
      // its socket is still opening on the first try
      if (++calls === 1) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
      return { providerId: whatsappIdFor(m.id), ack: 1 }
    })
    cleanup.push(() => heir.close())
    const tookOver = setTimeout(
      () =>
        void db
          .from('wa_sessions')
          .where('whatsapp_id', w.whatsapp.id)
          .update({ owner: heir.ownerId })
          .then(() => {}),
      800
    )
    cleanup.push(async () => clearTimeout(tookOver))
    const t0 = Date.now()
    const r = await whatsappDriver.send(w.ref, msg({ id: 'after-takeover' }))
    assert.equal(r.providerId, whatsappIdFor('after-takeover'))
    assert.equal(calls, 2)
    assert.isAtLeast(Date.now() - t0, 700)
  })
    .skip(!process.env.REDIS_URL, 'needs REDIS_URL')
    .timeout(20_000)

  test('the WhatsApp id is derived from our id: a retried send keeps its id', async ({ assert }) => {
    const a = await buildContent(msg({ id: 'x-1' }))
    const b = await buildContent(msg({ id: 'x-1' }))
    assert.equal(a.options.messageId, b.options.messageId)
    assert.match(a.options.messageId!, /^3EB0[0-9A-F]{18}$/)
  })

  test('voice notes: bad input is an error, not a hang', async ({ assert }) => {
    await assert.rejects(() => toVoiceNote(Buffer.from('not audio')), /ffmpeg exited/)
  })
})
