/**
 * Realtime clients for failover tests: an SSE client that, when its stream
 * ends (its node died), opens one on another node with Last-Event-ID and
 * subscribes again, as the browser's EventSource does through a proxy; and a
 * reader of the shared replay log (every event every node sent, with its id),
 * the truth the clients are checked against.
 */
import { Redis } from 'ioredis'

export interface FailoverClient {
  /** event ids received, in order (with repeats, if any) */
  ids: string[]
  reconnects: number
  stop: () => void
}

/**
 * Reads `channel` from `bases()[0]`, moving on to the next base when a stream
 * ends or a node refuses; `since` is the id to start after (events sent
 * before the first subscribe are replayed, so nothing is lost to the start).
 */
export function failoverClient(bases: () => string[], token: string, channel: string, since: string): FailoverClient {
  const client: FailoverClient = { ids: [], reconnects: 0, stop: () => {} }
  let stopped = false
  let ctrl: AbortController | null = null
  let lastId = since
  let turn = 0
  client.stop = () => {
    stopped = true
    ctrl?.abort()
  }
  ;(async () => {
    for (let attempt = 0; !stopped; attempt++) {
      const list = bases()
      const base = list[turn % list.length]
      const uid = `fo-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`
      ctrl = new AbortController()
      try {
        const res = await fetch(`${base}/__transmit/events?uid=${uid}&token=${encodeURIComponent(token)}`, {
          headers: { 'accept': 'text/event-stream', 'last-event-id': lastId },
          signal: ctrl.signal,
        })
        if (res.status !== 200) throw new Error(`stream ${res.status}`)
        const sub = await fetch(`${base}/__transmit/subscribe`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept': 'application/json',
            'authorization': `Bearer ${token}`,
          },
          body: JSON.stringify({ uid, channel }),
          signal: AbortSignal.timeout(5000),
        })
        if (sub.status >= 300) throw new Error(`subscribe ${sub.status}`)
        const dec = new TextDecoder()
        let buffer = ''
        for await (const chunk of res.body as any) {
          buffer += dec.decode(chunk, { stream: true })
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const m = /^id: (.+)$/m.exec(block)
            if (m) {
              lastId = m[1]
              client.ids.push(m[1])
            }
          }
        }
      } catch {}
      if (stopped) break
      // the stream ended: on to the next node, as a proxy would send it
      client.reconnects++
      turn++
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return client
}

/** Follows the replay log of `prefix` from now: the ids of every event sent to each channel. */
export async function followLog(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
  await redis.connect()
  const key = `${prefix}:realtime:log`
  const top = (await redis.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][]
  const start = top[0]?.[0] ?? '0-0'
  const byChannel = new Map<string, string[]>()
  let last = start
  let stopped = false
  const poll = async () => {
    const rows = (await redis.xrange(key, `(${last}`, '+', 'COUNT', 1000)) as [string, string[]][]
    for (const [id, fields] of rows) {
      last = id
      for (const c of fields[1].split(',')) {
        let list = byChannel.get(c)
        if (!list) byChannel.set(c, (list = []))
        list.push(id)
      }
    }
    return rows.length
  }
  const loop = (async () => {
    while (!stopped) if ((await poll().catch(() => 0)) < 1000) await new Promise((r) => setTimeout(r, 100))
  })()
  return {
    start,
    ids: (channel: string) => byChannel.get(channel) ?? [],
    async stop() {
      stopped = true
      await loop
      await poll().catch(() => 0)
      redis.disconnect()
    },
  }
}

/** What a client got against what was sent on its channel. */
export function compare(sent: string[], got: string[]) {
  const have = new Set(got)
  return {
    sent: sent.length,
    received: have.size,
    missed: sent.filter((id) => !have.has(id)).length,
    doubled: got.length - have.size,
  }
}
