/**
 * Realtime replay: every event carries an SSE `id:`; a client whose stream
 * was cut (its node died, its network dropped) opens a new one with
 * Last-Event-ID and, for each channel it subscribes again, gets exactly the
 * events it missed, in order, then the live ones.
 */
import { test } from '@japa/runner'
import { createTenant } from '#tests/helpers/world'
import { realtime } from '#core/realtime'
import { ReplayBuffer, compareIds } from '#services/realtime_fanout'

const base = () => `http://127.0.0.1:${process.env.PORT}`

let seq = 0
const newUid = () => `replay-${process.pid}-${Date.now()}-${++seq}`

interface Frame {
  id: string | null
  channel: string
  payload: any
}

/** An SSE stream read by hand (as EventSource would), with the `id:` of each event. */
async function sse(token: string, headers: Record<string, string> = {}, query = '') {
  const uid = newUid()
  const ctrl = new AbortController()
  const res = await fetch(`${base()}/__transmit/events?uid=${uid}&token=${encodeURIComponent(token)}${query}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: ctrl.signal,
  })
  if (res.status !== 200) throw new Error(`stream ${res.status}`)
  const frames: Frame[] = []
  let buffer = ''
  ;(async () => {
    const dec = new TextDecoder()
    try {
      for await (const chunk of res.body as any) {
        buffer += dec.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let id: string | null = null
          let data = ''
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4)
            else if (line.startsWith('data: ')) data += line.slice(6)
          }
          if (!data) continue
          const parsed = JSON.parse(data)
          if (parsed?.channel) frames.push({ id, channel: parsed.channel, payload: parsed.payload })
        }
      }
    } catch {}
  })()
  return {
    uid,
    frames,
    async subscribe(channel: string) {
      const r = await fetch(`${base()}/__transmit/subscribe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept': 'application/json',
          'authorization': `Bearer ${token}`,
        },
        body: JSON.stringify({ uid, channel }),
      })
      if (r.status >= 300) throw new Error(`subscribe ${r.status} ${await r.text()}`)
    },
    async until(predicate: (f: Frame[]) => boolean, ms = 5000) {
      const deadline = Date.now() + ms
      while (!predicate(frames) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      return predicate(frames)
    },
    close: () => {
      ctrl.abort()
      return res
    },
  }
}

const probes = (frames: Frame[], companyId: number) =>
  frames.filter((f) => f.payload?.event === `company-${companyId}-probe`).map((f) => f.payload.n as number)

test.group('realtime replay', () => {
  test('a client that reconnects with Last-Event-ID gets exactly the events it missed, then the live ones', async ({
    assert,
  }) => {
    const a = await createTenant()
    const channel = `company/${a.company.id}/user/${a.admin.id}`
    const send = (n: number) => realtime.toUser(a.company.id, a.admin.id, 'probe', { action: 'x', n })
    const first = await sse(a.adminToken)
    let second: Awaited<ReturnType<typeof sse>> | null = null
    try {
      await first.subscribe(channel)
      for (const n of [1, 2, 3]) send(n)
      assert.isTrue(await first.until((f) => probes(f, a.company.id).length === 3))
      const ids = first.frames.map((f) => f.id)
      assert.isTrue(
        ids.every((id) => typeof id === 'string' && /^\d+-\d+$/.test(id)),
        'every event has an id'
      )
      assert.isTrue(
        ids.every((id, i) => i === 0 || compareIds(id!, ids[i - 1]!) > 0),
        'ids increase'
      )
      const lastId = ids[ids.length - 1]!

      // the stream is cut; events go out meanwhile (and one for a channel the client never had)
      first.close()
      await new Promise((r) => setTimeout(r, 100))
      for (const n of [4, 5, 6]) send(n)
      realtime.toCompany(a.company.id, 'probe', { action: 'x', n: 99 })
      await new Promise((r) => setTimeout(r, 200))

      second = await sse(a.adminToken, { 'last-event-id': lastId })
      await second.subscribe(channel)
      send(7)
      assert.isTrue(await second.until((f) => probes(f, a.company.id).includes(7)))
      await new Promise((r) => setTimeout(r, 300))
      assert.deepEqual(probes(second.frames, a.company.id), [4, 5, 6, 7])
    } finally {
      first.close()
      second?.close()
    }
  })

  test('the last id also comes as ?lastEventId= (a new stream of the browser client); a later subscription starts live', async ({
    assert,
  }) => {
    const a = await createTenant()
    const userChannel = `company/${a.company.id}/user/${a.admin.id}`
    const first = await sse(a.adminToken)
    let second: Awaited<ReturnType<typeof sse>> | null = null
    try {
      await first.subscribe(userChannel)
      realtime.toUser(a.company.id, a.admin.id, 'probe', { action: 'x', n: 1 })
      assert.isTrue(await first.until((f) => f.length === 1))
      const lastId = first.frames[0].id!
      first.close()
      realtime.toUser(a.company.id, a.admin.id, 'probe', { action: 'x', n: 2 })
      realtime.toCompany(a.company.id, 'probe', { action: 'x', n: 3 })
      await new Promise((r) => setTimeout(r, 200))
      second = await sse(a.adminToken, {}, `&lastEventId=${encodeURIComponent(lastId)}`)
      await second.subscribe(userChannel)
      assert.isTrue(await second.until((f) => probes(f, a.company.id).includes(2)))
      assert.deepEqual(probes(second.frames, a.company.id), [2])
      // a malformed id is ignored: the stream opens and starts live
      const third = await sse(a.adminToken, { 'last-event-id': 'not-an-id' })
      third.close()
    } finally {
      first.close()
      second?.close()
    }
  })

  test('events sent while the subscription replays arrive once each and in order', async ({ assert }) => {
    const a = await createTenant()
    const channel = `company/${a.company.id}/user/${a.admin.id}`
    let n = 0
    const send = () => realtime.toUser(a.company.id, a.admin.id, 'probe', { action: 'x', n: ++n })
    const first = await sse(a.adminToken)
    let second: Awaited<ReturnType<typeof sse>> | null = null
    let timer: ReturnType<typeof setInterval> | null = null
    try {
      await first.subscribe(channel)
      send()
      assert.isTrue(await first.until((f) => f.length === 1))
      const lastId = first.frames[0].id!
      first.close()
      for (let i = 0; i < 50; i++) send()
      // a steady flow during the reconnect and its replay
      timer = setInterval(() => {
        for (let i = 0; i < 5; i++) send()
      }, 2)
      second = await sse(a.adminToken, { 'last-event-id': lastId })
      await second.subscribe(channel)
      await new Promise((r) => setTimeout(r, 100))
      clearInterval(timer)
      timer = null
      const total = n
      assert.isTrue(await second.until((f) => probes(f, a.company.id).includes(total), 8000))
      const got = probes(second.frames, a.company.id)
      assert.deepEqual(
        got,
        Array.from({ length: total - 1 }, (_, i) => i + 2)
      )
    } finally {
      if (timer) clearInterval(timer)
      first.close()
      second?.close()
    }
  })

  test('without Redis the replay log is kept in the process', ({ assert }) => {
    const buffer = new ReplayBuffer(10)
    const ids = Array.from({ length: 30 }, (_, i) => buffer.push(i % 2 ? ['a'] : ['a', 'b'], `{"n":${i}}`))
    for (let i = 1; i < ids.length; i++) assert.isAbove(compareIds(ids[i], ids[i - 1]), 0)
    // older events than the kept ones are gone; the channel's newer ones come back in order
    const since = buffer.since(ids[25], 'a')
    assert.deepEqual(
      since.map((e) => e.json),
      ['{"n":26}', '{"n":27}', '{"n":28}', '{"n":29}']
    )
    assert.deepEqual(
      buffer.since(ids[25], 'b').map((e) => e.json),
      ['{"n":26}', '{"n":28}']
    )
    assert.isAtMost(buffer.since('0-0', 'a').length, 13)
  })
})
