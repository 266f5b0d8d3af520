/**
 * How a realtime event reaches the open streams of every API process.
 *
 * One event usually goes to many channels (a ticket update to each user of
 * its audience, one channel per user). Transmit's broadcast would serialise
 * the payload once per stream and publish one Redis message per channel; at
 * 10,000 streams and 1,000 users that was most of a second per event. Here an
 * event is serialised once, crosses Redis as one message naming all its
 * channels, and each process writes the ready SSE frame to the streams of
 * each channel it holds (Transmit's storage stays the list of streams and
 * subscriptions; core/app/services/realtime_index.ts finds them by channel).
 */
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import { redis, redisConnectionOptions } from './redis.js'
import { writeEvent } from './realtime_index.js'

const ORIGIN = randomUUID()
const TOPIC = () => `${env.get('REDIS_PREFIX', 'balcao')}:realtime`

type Tap = (channel: string, payload: Record<string, unknown>) => void
const taps = new Set<Tap>()

/** Writes an event (already JSON) to this process's streams of each channel. */
function writeLocally(channels: string[], json: string) {
  const manager = transmit.getManager()
  for (const channel of channels) {
    const streams = manager.findByChannel(channel)
    if (streams.size === 0) continue
    // Transmit's client reads { channel, payload } from the data line (JSON has no raw line breaks)
    const event = Buffer.from(`data: {"channel":${JSON.stringify(channel)},"payload":${json}}\n\n`)
    for (const stream of streams) writeEvent(stream, event)
  }
}

export const fanout = {
  /** Sends one event (already plain JSON) to the channels, in every process. */
  send(channels: string[], json: string) {
    if (channels.length === 0) return
    if (taps.size) {
      const payload = JSON.parse(json)
      for (const channel of channels) for (const tap of taps) tap(channel, payload)
    }
    writeLocally(channels, json)
    const client = redis()
    // the other processes' streams; a lost message during a Redis outage is a missed live update,
    // which the browser's refetch on reconnect covers
    if (client) client.publish(TOPIC(), `${ORIGIN}\n${channels.join(',')}\n${json}`).catch(() => {})
  },

  /** Hears every event this process sends (tests check audiences with it); returns the way to stop. */
  tap(listener: Tap) {
    taps.add(listener)
    return () => taps.delete(listener)
  },
}

let subscriber: Redis | null = null

/** Listens for the other processes' events (started with the app, stopped at shutdown). */
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
    if (a < 0 || b < 0 || raw.slice(0, a) === ORIGIN) return
    writeLocally(raw.slice(a + 1, b).split(','), raw.slice(b + 1))
  })
  subscriber.subscribe(TOPIC()).catch(() => {})
}

export async function stopRealtimeFanout() {
  const s = subscriber
  subscriber = null
  if (s) await s.quit().catch(() => s.disconnect())
}
