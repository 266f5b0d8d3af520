/**
 * How a realtime event reaches the open streams of every API process, and how
 * a client that lost its stream gets back what it missed.
 *
 * One event usually goes to many channels (a ticket update to each user of
 * its audience, one channel per user). Transmit's broadcast would serialise
 * the payload once per stream and publish one Redis message per channel; at
 * 10,000 streams and 1,000 users that was most of a second per event. Here an
 * event is serialised once, crosses Redis as one message naming all its
 * channels, and each process writes the ready SSE frame to the streams of
 * each channel it holds (Transmit's storage stays the list of streams and
 * subscriptions; core/app/services/realtime_index.ts finds them by channel).
 *
 * Replay: every event gets an id (a Redis stream id, "ms-seq", ordered across
 * processes) sent as the SSE `id:` line, and the last REPLAY_MAX events are
 * kept in one Redis stream shared by the nodes (in process memory without
 * Redis). One Lua call appends the event and publishes it, so the publish
 * order is the id order, and every process that serves HTTP (the sender too)
 * writes events in the order its one subscriber connection hears them; a
 * worker process only sends. A client whose node
 * died reconnects to another with `Last-Event-ID` (EventSource sends it by
 * itself); each of its subscriptions then gets the channel's events after
 * that id before the live ones, exactly once (see replayMissed).
 */
import { Redis } from 'ioredis'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import { redis, redisConnectionOptions } from './redis.js'
import { EVENT_ID, writeEvent } from './realtime_index.js'

const prefix = () => env.get('REDIS_PREFIX', 'balcao')
const TOPIC = () => `${prefix()}:realtime`
const LOG = () => `${prefix()}:realtime:log`

/** events kept for replay: a few minutes of a busy company (XADD MAXLEN ~, so a few more) */
export const REPLAY_MAX = 5000

/** appends the event to the replay log and publishes "id\nchannels\njson", atomically */
const SEND_SCRIPT = `local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'c', ARGV[3], 'j', ARGV[4])
redis.call('PUBLISH', ARGV[2], id .. '\\n' .. ARGV[3] .. '\\n' .. ARGV[4])
return id`

type Tap = (channel: string, payload: Record<string, unknown>) => void
const taps = new Set<Tap>()

export { EVENT_ID }

/** orders two event ids */
export function compareIds(a: string, b: string) {
  const [am, as] = a.split('-').map(Number)
  const [bm, bs] = b.split('-').map(Number)
  return am - bm || as - bs
}

/** The replay log of a process without Redis (ids in the same "ms-seq" form, never going back). */
export class ReplayBuffer {
  #entries: { id: string; channels: string[]; json: string }[] = []
  #ms = 0
  #seq = 0
  constructor(private max = REPLAY_MAX) {}

  push(channels: string[], json: string) {
    const now = Date.now()
    if (now > this.#ms) {
      this.#ms = now
      this.#seq = 0
    } else this.#seq++
    const id = `${this.#ms}-${this.#seq}`
    this.#entries.push({ id, channels, json })
    // trimmed in batches: one splice per `max / 4` events instead of a shift per event
    if (this.#entries.length > this.max * 1.25) this.#entries.splice(0, this.#entries.length - this.max)
    return id
  }

  /** the events of `channel` after `since`, oldest first */
  since(since: string, channel: string) {
    const out: { id: string; json: string }[] = []
    for (let i = this.#entries.length - 1; i >= 0 && compareIds(this.#entries[i].id, since) > 0; i--) {
      const e = this.#entries[i]
      if (e.channels.includes(channel)) out.push(e)
    }
    return out.reverse()
  }
}

const local = new ReplayBuffer()

/** a ready SSE event of one channel; Transmit's client reads { channel, payload } from the data line */
function frame(channel: string, id: string | null, json: string) {
  return Buffer.from(`${id ? `id: ${id}\n` : ''}data: {"channel":${JSON.stringify(channel)},"payload":${json}}\n\n`)
}

/**
 * Subscriptions being replayed. While the missed events are read, live events
 * wait (`waiting`), so the client gets each event once and in order. After
 * the replay, live events up to the last replayed id are skipped (`floor`):
 * the replay log is read on another Redis connection than the one events
 * arrive on, so an event already replayed may still be on its way; the
 * first newer event ends the gate (events arrive in id order).
 */
interface Gate {
  waiting: { id: string | null; event: Buffer }[] | null
  floor: string
}
const held = new Map<object, Map<string, Gate>>()

function ungate(stream: object, channel: string, gate: Gate) {
  const m = held.get(stream)
  if (m?.get(channel) === gate) m.delete(channel)
  if (m && m.size === 0) held.delete(stream)
}

/** Writes an event (already JSON) to this process's streams of each channel. */
function writeLocally(channels: string[], json: string, id: string | null) {
  const manager = transmit.getManager()
  for (const channel of channels) {
    const streams = manager.findByChannel(channel)
    if (streams.size === 0) continue
    const event = frame(channel, id, json)
    for (const stream of streams) {
      const gate = held.size ? held.get(stream)?.get(channel) : undefined
      if (!gate) writeEvent(stream, event)
      else if (gate.waiting) gate.waiting.push({ id, event })
      else if (!id || compareIds(id, gate.floor) > 0) {
        ungate(stream, channel, gate)
        writeEvent(stream, event)
      }
    }
  }
}

let subscriber: Redis | null = null
let outgoing: { channels: string[]; json: string }[] = []

function flush() {
  const batch = outgoing
  outgoing = []
  const client = redis()
  if (!client) return batch.forEach((e) => writeLocally(e.channels, e.json, local.push(e.channels, e.json)))
  if (!(client as any).realtimeSend) client.defineCommand('realtimeSend', { numberOfKeys: 1, lua: SEND_SCRIPT })
  const pipeline = client.pipeline()
  for (const e of batch) (pipeline as any).realtimeSend(LOG(), REPLAY_MAX, TOPIC(), e.channels.join(','), e.json)
  // Redis is down: this process's streams still get them (without an id: they cannot be replayed),
  // the others' clients refetch when their streams come back
  const failed = () => batch.forEach((e) => writeLocally(e.channels, e.json, null))
  pipeline.exec().then((results) => {
    if (!results) return failed()
    results.forEach(([error, id], i) => {
      const e = batch[i]
      if (error) writeLocally(e.channels, e.json, null)
      // written here when our own subscriber cannot hear it (reconnecting); a process that does not
      // listen (a worker process) has no streams
      else if (subscriber && subscriber.status !== 'ready') writeLocally(e.channels, e.json, id as string)
    })
  }, failed)
}

export const fanout = {
  /** Sends one event (already plain JSON) to the channels, in every process. */
  send(channels: string[], json: string) {
    if (channels.length === 0) return
    if (taps.size) {
      const payload = JSON.parse(json)
      for (const channel of channels) for (const tap of taps) tap(channel, payload)
    }
    const client = redis()
    if (!client) return writeLocally(channels, json, local.push(channels, json))
    // the events of one tick cross Redis in one pipeline, in order (a drain batch sends one per message)
    if (!outgoing.length) setImmediate(flush)
    outgoing.push({ channels, json })
  },

  /** Hears every event this process sends (tests check audiences with it); returns the way to stop. */
  tap(listener: Tap) {
    taps.add(listener)
    return () => taps.delete(listener)
  },
}

/**
 * After a subscription of `stream` to `channel` was added (or would be: call it
 * first, then `done()` once Transmit agreed), writes the channel's events
 * after `since` and then the live ones that arrived meanwhile, skipping those
 * already replayed. Returns `done(subscribed)`.
 */
export function replayMissed(stream: object, channel: string, since: string) {
  let mine = held.get(stream)
  if (!mine) held.set(stream, (mine = new Map()))
  const gate: Gate = { waiting: [], floor: since }
  mine.set(channel, gate)
  return async (subscribed: boolean) => {
    let missed: { id: string; json: string }[] = []
    try {
      if (subscribed) missed = await readSince(since, channel)
    } catch {
      // Redis down: nothing to replay; the client refetches as after any outage
    }
    const waiting = gate.waiting ?? []
    gate.waiting = null
    if (!subscribed) return ungate(stream, channel, gate)
    for (const e of missed) {
      writeEvent(stream, frame(channel, e.id, e.json))
      gate.floor = e.id
    }
    for (const w of waiting) {
      if (w.id && compareIds(w.id, gate.floor) <= 0) continue
      writeEvent(stream, w.event)
      if (w.id) gate.floor = w.id
    }
    // a channel that stays quiet: the gate goes after a while (an event on its way takes milliseconds)
    setTimeout(() => ungate(stream, channel, gate), GATE_MS).unref()
  }
}

/** how long after a replay live events already replayed may still arrive */
const GATE_MS = 10_000

async function readSince(since: string, channel: string) {
  const client = redis()
  if (!client) return local.since(since, channel)
  const rows = (await client.xrange(LOG(), `(${since}`, '+', 'COUNT', REPLAY_MAX * 2)) as [string, string[]][]
  const out: { id: string; json: string }[] = []
  for (const [id, fields] of rows) {
    // fields: c, channels, j, json
    if (fields[1].split(',').includes(channel)) out.push({ id, json: fields[3] })
  }
  return out
}

/** Listens for the events of every process (started with the app, stopped at shutdown). */
export function startRealtimeFanout() {
  const options = redisConnectionOptions()
  if (!options || subscriber) return
  // the publishing connection fails fast while down, so it is opened now rather than at the first event
  redis()
  subscriber = new Redis({ ...options, lazyConnect: true })
  subscriber.on('error', () => {}) // reconnects by itself
  subscriber.on('message', (_topic: string, raw: string) => {
    const a = raw.indexOf('\n')
    const b = raw.indexOf('\n', a + 1)
    if (a < 0 || b < 0) return
    const id = raw.slice(0, a)
    writeLocally(raw.slice(a + 1, b).split(','), raw.slice(b + 1), EVENT_ID.test(id) ? id : null)
  })
  subscriber.subscribe(TOPIC()).catch(() => {})
}

export async function stopRealtimeFanout() {
  const s = subscriber
  subscriber = null
  if (s) await s.quit().catch(() => s.disconnect())
}
