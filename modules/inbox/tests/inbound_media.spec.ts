/**
 * Inbound media is downloaded into private storage, never hot-linked (issue 15.3):
 * a local fake media server on 127.0.0.1 stands in for the sender's host.
 */
import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import { createHmac } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { storage } from '#core/storage'
import { listen } from '#tests/helpers/realtime'
import {
  inboxWorld,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
} from '#tests/helpers/inbox'
import { tenancy } from '#core/tenancy'
import { sendMessage } from '../public/messages.js'
import type { InboxWorld } from '#tests/helpers/inbox'
import { mediaFetchSettings, fetchMedia, MediaFetchError } from '../services/media_fetch.js'
import {
  MEDIA_MAX_BYTES,
  MEDIA_QUEUE,
  inboundMediaSettings,
  recoverMediaFetches,
  runMediaFetch,
} from '../services/inbound_media.js'

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)])
const PDF = Buffer.from('%PDF-1.4\n%fake\n')

/** The sender's media host: counts requests per path. */
async function fakeMediaServer() {
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    const n = (hits.get(path) ?? 0) + 1
    hits.set(path, n)
    const send = (status: number, type: string, body: Buffer | string = '', extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...extra })
      res.end(body)
    }
    if (path === '/img.png' || path === '/folder/foto%20da%20loja.png') return send(200, 'image/png', PNG)
    if (path === '/catalogo.pdf') return send(200, 'application/pdf; charset=binary', PDF)
    if (path === '/page.html') return send(200, 'text/html; charset=utf-8', '<script>alert(1)</script>')
    if (path === '/img.svg') return send(200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>')
    if (path === '/missing.png') return send(404, 'text/plain', 'no')
    if (path === '/slow.png') return // never answers
    if (path === '/fail.png') return send(500, 'text/plain', 'boom')
    if (path === '/flaky.png') return n <= 2 ? send(503, 'text/plain', 'busy') : send(200, 'image/png', PNG)
    if (path === '/to-metadata')
      return send(302, 'text/plain', '', { location: 'http://169.254.169.254/latest/meta-data/' })
    if (path === '/to-ftp') return send(302, 'text/plain', '', { location: 'ftp://127.0.0.1/x.png' })
    const hop = /^\/hop\/(\d+)$/.exec(path)
    if (hop) {
      const left = Number(hop[1])
      return left === 0 ? send(200, 'image/png', PNG) : send(302, 'text/plain', '', { location: `/hop/${left - 1}` })
    }
    if (path === '/huge-declared.png') {
      // says 21 MB up front, then sends slowly: refused before the body is read
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(21 * 1024 * 1024) })
      res.write(Buffer.alloc(1024))
      return
    }
    if (path === '/huge-chunked.png') {
      // no length announced: the stream is cut off once it passes the limit
      res.writeHead(200, { 'content-type': 'image/png' })
      let sent = 0
      const more = () => {
        if (res.destroyed || sent >= 512 * 1024) return res.end()
        sent += 16 * 1024
        res.write(Buffer.alloc(16 * 1024, 1), () => setImmediate(more))
      }
      return more()
    }
    send(404, 'text/plain', 'unknown')
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as any).port
  return {
    hits,
    port,
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(r)
      }),
  }
}

const sign = (secret: string, ts: number, raw: string) =>
  'sha256=' + createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex')

/** An event through the API channel's signed webhook, as an outside system sends it. */
async function postWebhook(client: any, w: InboxWorld, body: unknown) {
  const secret = 'inbound-media-shared-secret-1'
  await db
    .from('whatsapps')
    .where('id', w.whatsapp.id)
    .update({ settings: JSON.stringify({ secret }) })
  const raw = JSON.stringify(body)
  const ts = Math.floor(Date.now() / 1000)
  return client
    .post(`/channels/api/webhook/${w.whatsapp.token}`)
    .header('content-type', 'application/json')
    .header('x-balcao-timestamp', String(ts))
    .header('x-balcao-signature', sign(secret, ts, raw))
    .json(body)
}

/** Ingests a media message with this URL and waits until its fetch settled (stored or noted). */
async function receiveMedia(w: InboxWorld, url: string, mediaType: string | undefined = 'image') {
  const number = rand()
  const e = message(w.whatsapp.id, number, '', { mediaType, mediaUrl: url } as any)
  await ingest(w, e)
  await waitProcessed(w.company.id)
  const row = await db.from('messages').where({ company_id: w.company.id, wid: e.providerMessageId }).firstOrFail()
  return settled(row.id)
}

async function settled(messageId: number) {
  return waitFor(async () => {
    const row = await db.from('messages').where('id', messageId).first()
    return row && (row.media_url || row.media_error) ? row : null
  }, 20_000)
}

test.group('inbound media', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    // the fake media server listens on 127.0.0.1: private fetching on, retries fast
    mediaFetchSettings.setAllowPrivate(true)
    inboundMediaSettings.set({ backoffMs: 50 })
    return () => {
      mediaFetchSettings.reset()
      inboundMediaSettings.reset()
    }
  })

  test('an API-channel image URL is downloaded into storage and served signed, never the outside URL', async ({
    client,
    assert,
  }) => {
    const media = await fakeMediaServer()
    const w = await inboxWorld()
    const l = listen(`http://127.0.0.1:${process.env.PORT}`, w.adminToken)
    try {
      await l.subscribe(`company/${w.company.id}`)
      await l.subscribe(`company/${w.company.id}/user/${w.admin.id}`)
      const outside = `${media.base}/img.png`
      const r = await postWebhook(client, w, {
        id: `media-${rand()}`,
        from: { number: `+${rand()}`, name: 'Bia' },
        body: 'olha a foto',
        mediaType: 'image',
        mediaUrl: outside,
      })
      r.assertStatus(202)
      await waitProcessed(w.company.id)
      const row = await db.from('messages').where({ company_id: w.company.id, body: 'olha a foto' }).firstOrFail()
      assert.equal(row.media_source_url, outside)
      const done = await settled(row.id)
      assert.isNull(done.media_error)
      assert.match(done.media_url, new RegExp(`^c${w.company.id}/messages/${row.ticket_id}/in-${row.id}\\.png$`))
      assert.deepEqual(Buffer.from(await storage.disk().getBytes(done.media_url)), PNG)
      assert.equal(media.hits.get('/img.png'), 1)

      // the chat gets a signed URL of our own origin, which serves the stored copy
      const page = await client.get(`/messages/${row.ticket_id}`).bearerToken(w.adminToken)
      page.assertStatus(200)
      const shown = page.body().messages.find((m: any) => m.id === row.id)
      assert.match(shown.mediaUrl, /^\/media\/c\d+\/messages\/.+\?cid=\d+&exp=\d+&sig=/)
      assert.isFalse(shown.mediaPending)
      assert.notProperty(shown, 'mediaSourceUrl')
      assert.notInclude(JSON.stringify(page.body()), media.base)
      const file = await client.get(shown.mediaUrl)
      file.assertStatus(200)
      assert.equal(file.header('content-type'), 'image/png')

      // the browser saw the message arrive pending, then its update with the signed URL
      const created = await l.waitFor(
        (m) => m.event?.endsWith('appMessage') && m.action === 'create' && m.message?.id === row.id
      )
      assert.isNull(created.message.mediaUrl)
      assert.isTrue(created.message.mediaPending)
      const updated = await l.waitFor(
        (m) => m.event?.endsWith('appMessage') && m.action === 'update' && m.message?.id === row.id
      )
      assert.exists(updated, 'a message update reached the browser stream')
      assert.match(updated.message.mediaUrl, /^\/media\//)
      assert.isFalse(updated.message.mediaPending)
      assert.isFalse(
        l.messages.some((m) => JSON.stringify(m).includes(media.base)),
        'the outside URL never reached the browser'
      )
    } finally {
      l.close()
      await media.close()
    }
  })

  test('outgoing media by an outside address: the channel gets the address, the chat a stored copy', async ({
    client,
    assert,
  }) => {
    const media = await fakeMediaServer()
    const w = await inboxWorld()
    const driver = recordingDriver()
    try {
      await ingest(w, message(w.whatsapp.id, rand(), 'oi'))
      await waitProcessed(w.company.id)
      const ticket = await db.from('tickets').where('company_id', w.company.id).orderBy('id', 'desc').firstOrFail()
      const outside = `${media.base}/catalogo.pdf`
      const { messageId } = await tenancy.run(w.company.id, () =>
        sendMessage(ticket.id, { body: 'nosso catálogo', mediaType: 'document', mediaUrl: outside })
      )
      const sent = await waitFor(async () => driver.sent.find((m) => m.messageId === messageId) ?? null)
      assert.equal(sent.kind, 'media')
      // the address as given, or our stored copy when the fetch finished first
      assert.isTrue(sent.mediaUrl === outside || /^\/media\//.test(sent.mediaUrl ?? ''), sent.mediaUrl ?? '')
      const done = await settled(messageId)
      assert.isNull(done.media_error)
      assert.deepEqual(Buffer.from(await storage.disk().getBytes(done.media_url)), PDF)
      const page = await client.get(`/messages/${ticket.id}`).bearerToken(w.adminToken)
      const shown = page.body().messages.find((m: any) => Number(m.id) === messageId)
      assert.match(shown.mediaUrl, /^\/media\//)
      assert.equal(shown.mediaName, 'catalogo.pdf')
      assert.notInclude(JSON.stringify(page.body()), media.base)
    } finally {
      driver.restore()
      await media.close()
    }
  })

  test('a document keeps its name from the URL; a message without media type takes the fetched one', async ({
    assert,
  }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      const doc = await receiveMedia(w, `${media.base}/catalogo.pdf`, 'document')
      assert.match(doc.media_url, /\.pdf$/)
      assert.equal(doc.media_name, 'catalogo.pdf')
      const untyped = await receiveMedia(w, `${media.base}/folder/foto%20da%20loja.png`, undefined)
      assert.equal(untyped.media_type, 'image')
      assert.equal(untyped.media_name, 'foto da loja.png')
      assert.match(untyped.media_url, /\.png$/)
    } finally {
      await media.close()
    }
  })

  test('too big is refused and noted, announced or streamed', async ({ assert }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      assert.equal(MEDIA_MAX_BYTES, 20 * 1024 * 1024)
      const declared = await receiveMedia(w, `${media.base}/huge-declared.png`)
      assert.isNull(declared.media_url)
      assert.equal(declared.media_error, 'too_large')
      assert.equal(media.hits.get('/huge-declared.png'), 1, 'not retried')

      inboundMediaSettings.set({ maxBytes: 64 * 1024 })
      const streamed = await receiveMedia(w, `${media.base}/huge-chunked.png`)
      assert.isNull(streamed.media_url)
      assert.equal(streamed.media_error, 'too_large')
      assert.equal(media.hits.get('/huge-chunked.png'), 1)
    } finally {
      await media.close()
    }
  })

  test('a content type outside the message type is refused: HTML, SVG, a PDF as an image', async ({
    client,
    assert,
  }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      for (const path of ['/page.html', '/img.svg', '/catalogo.pdf']) {
        const row = await receiveMedia(w, `${media.base}${path}`, 'image')
        assert.isNull(row.media_url, path)
        assert.equal(row.media_error, 'type', path)
        assert.equal(media.hits.get(path), 1, `${path} is not retried`)
      }
      const audio = await receiveMedia(w, `${media.base}/img.png`, 'audio')
      assert.equal(audio.media_error, 'type')

      // the chat shows it as unavailable: no URL, not pending, the reason
      const page = await client.get(`/messages/${audio.ticket_id}`).bearerToken(w.adminToken)
      const shown = page.body().messages.find((m: any) => m.id === audio.id)
      assert.isNull(shown.mediaUrl)
      assert.isFalse(shown.mediaPending)
      assert.equal(shown.mediaError, 'type')
    } finally {
      await media.close()
    }
  })

  test('a failing source is retried with backoff, then noted; a passing failure is recovered', async ({ assert }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      const failed = await receiveMedia(w, `${media.base}/fail.png`)
      assert.isNull(failed.media_url)
      assert.equal(failed.media_error, 'http_status')
      assert.equal(media.hits.get('/fail.png'), 5, 'every attempt was made')

      const flaky = await receiveMedia(w, `${media.base}/flaky.png`)
      assert.isNull(flaky.media_error)
      assert.match(flaky.media_url, /\.png$/)
      assert.equal(media.hits.get('/flaky.png'), 3)

      // a source that never answers: each attempt times out, then it is noted
      inboundMediaSettings.set({ timeoutMs: 150 })
      const slow = await receiveMedia(w, `${media.base}/slow.png`)
      assert.equal(slow.media_error, 'timeout')
      assert.equal(media.hits.get('/slow.png'), 5)

      // a 404 will not come back: noted at once
      const missing = await receiveMedia(w, `${media.base}/missing.png`)
      assert.equal(missing.media_error, 'http_status')
      assert.equal(media.hits.get('/missing.png'), 1)
    } finally {
      await media.close()
    }
  })

  test('redirects are followed by hand, at most 3, and never to a refused address or scheme', async ({ assert }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      const three = await receiveMedia(w, `${media.base}/hop/3`)
      assert.match(three.media_url, /\.png$/)
      const four = await receiveMedia(w, `${media.base}/hop/4`)
      assert.isNull(four.media_url)
      assert.equal(four.media_error, 'too_many_redirects')
      const metadata = await receiveMedia(w, `${media.base}/to-metadata`)
      assert.equal(metadata.media_error, 'blocked_address')
      const ftp = await receiveMedia(w, `${media.base}/to-ftp`)
      assert.equal(ftp.media_error, 'invalid_url')
    } finally {
      await media.close()
    }
  })

  test('SSRF: loopback, private, link-local and metadata addresses are refused unless allowed', async ({ assert }) => {
    const media = await fakeMediaServer()
    mediaFetchSettings.setAllowPrivate(false)
    try {
      const w = await inboxWorld()
      // the local server itself: loopback is refused by default
      const loopback = await receiveMedia(w, `${media.base}/img.png`)
      assert.equal(loopback.media_error, 'blocked_address')
      assert.isUndefined(media.hits.get('/img.png'), 'no request reached it')
      const metadata = await receiveMedia(w, 'http://169.254.169.254/latest/meta-data/iam/security-credentials/')
      assert.equal(metadata.media_error, 'blocked_address')

      // names are resolved first and every address is checked
      const dns: Record<string, string[]> = {
        'cdn.example.test': ['10.20.30.40'],
        'mixed.example.test': ['93.184.216.34', '192.168.0.10'],
        'meta.example.test': ['169.254.169.254'],
        'v6.example.test': ['fd12:3456::1'],
        'mapped.example.test': ['::ffff:127.0.0.1'],
        'local.example.test': ['127.0.0.1'],
      }
      mediaFetchSettings.setResolver(async (host) =>
        (dns[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
      )
      for (const host of Object.keys(dns)) {
        const row = await receiveMedia(w, `http://${host}:${media.port}/img.png`)
        assert.isNull(row.media_url, host)
        assert.equal(row.media_error, 'blocked_address', host)
      }
      for (const raw of [
        'http://10.0.0.1/x.png',
        'http://[::1]/x.png',
        'http://2130706433/x.png',
        'http://0x7f.1/x.png',
      ]) {
        await assert.rejects(
          () => fetchMedia(raw, { maxBytes: 1000, timeoutMs: 2000, accept: () => true }),
          /refused address/
        )
      }
      await assert.rejects(() => fetchMedia('file:///etc/passwd', { maxBytes: 1, timeoutMs: 1000, accept: () => true }))
      assert.isUndefined(media.hits.get('/img.png'))

      // allowed explicitly (a media server on the deployment's own network): the checked
      // address is the one connected to (the fake DNS answer, not a second lookup)
      mediaFetchSettings.setAllowPrivate(true)
      const local = await receiveMedia(w, `http://local.example.test:${media.port}/img.png`)
      assert.match(local.media_url, /\.png$/)
      // link-local and metadata stay refused even then
      const stillRefused = await receiveMedia(w, `http://meta.example.test:${media.port}/img.png`)
      assert.equal(stillRefused.media_error, 'blocked_address')
      const err = await fetchMedia('http://169.254.169.254/', {
        maxBytes: 1,
        timeoutMs: 1000,
        accept: () => true,
      }).catch((e) => e)
      assert.instanceOf(err, MediaFetchError)
      assert.isTrue(err.permanent)
    } finally {
      await media.close()
    }
  })

  test('durable: a fetch whose job was lost is queued again by the sweep; one pending for a day is given up', async ({
    assert,
  }) => {
    const media = await fakeMediaServer()
    try {
      const w = await inboxWorld()
      const first = await receiveMedia(w, `${media.base}/img.png`)
      const key = first.media_url
      // as Redis restarted empty after the commit: the row pending, no job (the job is
      // finished first: an active job cannot be removed, and its id would swallow the sweep's)
      await waitFor(async () => (await jobs.queue(MEDIA_QUEUE).getJobState(`media-${first.id}`)) === 'completed')
      await jobs.queue(MEDIA_QUEUE).remove(`media-${first.id}`)
      await db
        .from('messages')
        .where('id', first.id)
        .update({ media_url: null, updated_at: db.raw("now() - interval '2 minutes'") })
      await storage.delete(key)
      assert.isAtLeast(await recoverMediaFetches(), 1)
      const again = await settled(first.id)
      assert.equal(again.media_url, key)
      assert.equal(media.hits.get('/img.png'), 2)

      // pending for more than a day: noted as expired, not fetched
      await db
        .from('messages')
        .where('id', first.id)
        .update({ media_url: null, updated_at: db.raw("now() - interval '25 hours'") })
      await recoverMediaFetches()
      const expired = await db.from('messages').where('id', first.id).firstOrFail()
      assert.equal(expired.media_error, 'expired')
      assert.equal(media.hits.get('/img.png'), 2)
      // a job for a message that is no longer pending does nothing
      assert.equal(await runMediaFetch({ companyId: w.company.id, messageId: first.id }), 'skipped')
    } finally {
      await media.close()
    }
  })

  test('outside URLs are never shown: legacy rows and other schemes; a storage key of the channel stays', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const number = rand()
    const key = `c${w.company.id}/whatsapp/${w.whatsapp.id}/2024-01/abc.png`
    await storage.disk().put(key, PNG)
    await ingest(w, message(w.whatsapp.id, number, 'da loja', { mediaType: 'image', mediaUrl: key } as any))
    // another company's key or a path is not this message's media
    await ingest(
      w,
      message(w.whatsapp.id, number, 'alheia', { mediaType: 'image', mediaUrl: `c${w.company.id + 1}/x/y.png` } as any)
    )
    await waitProcessed(w.company.id)
    const rows = await db.from('messages').where({ company_id: w.company.id }).orderBy('id')
    const own = rows.find((r) => r.body === 'da loja')!
    assert.equal(own.media_url, key)
    assert.isNull(own.media_source_url)
    const foreign = rows.find((r) => r.body === 'alheia')!
    assert.isNull(foreign.media_url)
    assert.isNull(foreign.media_source_url)
    // a row stored before this change with the sender's URL
    await db.from('messages').where('id', foreign.id).update({ media_url: 'https://cdn.sender.example/x.png' })
    const page = await client.get(`/messages/${own.ticket_id}`).bearerToken(w.adminToken)
    page.assertStatus(200)
    const byId = new Map(page.body().messages.map((m: any) => [m.id, m]))
    assert.match((byId.get(own.id) as any).mediaUrl, /^\/media\//)
    assert.isNull((byId.get(foreign.id) as any).mediaUrl)
    assert.notInclude(JSON.stringify(page.body()), 'cdn.sender.example')
  })

  test('the API webhook refuses a media URL that is not http(s)', async ({ client }) => {
    const w = await inboxWorld()
    for (const mediaUrl of ['ftp://files.example.com/a.png', 'file:///etc/passwd', 'cdn.example.com/a.png']) {
      const r = await postWebhook(client, w, {
        id: `bad-${rand()}`,
        from: { number: rand() },
        mediaType: 'image',
        mediaUrl,
      })
      r.assertStatus(422)
    }
  })
})
