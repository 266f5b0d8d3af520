/**
 * A channel → streams index for Transmit. Its storage finds a channel's
 * subscribers by scanning every open stream, and a ticket event is sent to
 * each user of its audience on the user's own channel: at 10,000 streams and
 * 1,000 users that is 10 million set lookups per event (p99 delivery 1.1 s).
 * The index makes each broadcast cost only the streams that listen.
 *
 * Transmit's storage stays the source of truth: a stream found in the index
 * is written to only if the storage still holds it on that channel, so an
 * index entry that outlives its stream by a tick is harmless.
 *
 * Each message is also written to the HTTP response in one piece: Transmit's
 * stream pushes a message's data line and its closing blank line as two
 * chunks through a Transform and a pipe, two socket writes per stream per
 * event. A client that stops reading is closed once its unsent backlog
 * passes MAX_BACKLOG (its EventSource reconnects and the shell refetches),
 * rather than growing the process's memory.
 */
import type { Transmit } from '@boringnode/transmit'

type Stream = ReturnType<Transmit<any>['createStream']>

export const MAX_BACKLOG = 1024 * 1024

/** An event id as the SSE `id:` line carries it ("ms-seq", a Redis stream id). */
export const EVENT_ID = /^\d{1,15}-\d{1,15}$/

const responses = new WeakMap<object, import('node:http').ServerResponse>()
/** the open streams of this process by uid (the subscribe route names its stream by uid) */
const byUid = new Map<string, Stream>()

export function streamOf(uid: string): object | undefined {
  return byUid.get(uid)
}

/** Ends every open stream of this process (graceful shutdown: the clients reconnect elsewhere). */
export function closeAllStreams() {
  for (const stream of byUid.values()) {
    const response = responses.get(stream)
    if (response && !response.writableEnded) response.end()
  }
}

/**
 * Writes a ready SSE event (bytes encoded once for all the streams of a
 * channel) to one stream's response; a stream whose client stopped reading
 * is closed.
 */
export function writeEvent(stream: object, event: Buffer | string): boolean {
  const response = responses.get(stream)
  if (!response || response.destroyed || response.writableEnded) return false
  if (response.writableLength > MAX_BACKLOG) {
    response.destroy()
    return false
  }
  // A response frames each write as an HTTP chunk in four socket writes, corked until the next
  // tick. Once its headers are out and nothing of its own waits, the same chunk, framed once for
  // every stream of the event, goes straight to the socket in one write (a third of the fan-out's CPU).
  const socket = response.socket
  const own = response as unknown as { chunkedEncoding?: boolean; outputSize?: number }
  if (socket && response.headersSent && own.chunkedEncoding === true && own.outputSize === 0)
    return socket.write(chunkOf(event))
  return response.write(event)
}

const CRLF = Buffer.from('\r\n')
/** the last event framed as a chunk: a fan-out writes one event to many streams in a row */
let framed: { event: Buffer | string; chunk: Buffer } | null = null

function chunkOf(event: Buffer | string) {
  if (framed?.event !== event) {
    const body = typeof event === 'string' ? Buffer.from(event) : event
    framed = { event, chunk: Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, CRLF]) }
  }
  return framed.chunk
}

/** one SSE event: a data line per line of the text, then the blank line that ends it */
function frame(data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data)
  return text.includes('\n') || text.includes('\r')
    ? text
        .split(/\r\n|\r|\n/)
        .map((line) => `data: ${line}\n`)
        .join('') + '\n'
    : `data: ${text}\n\n`
}

export function indexChannels(transmit: Transmit<any>) {
  const manager = transmit.getManager()
  const live = manager.getAllSubscribers() as Map<Stream, Set<string>>
  const byChannel = new Map<string, Set<Stream>>()
  const channelsOf = new Map<Stream, Set<string>>()

  const drop = (stream: Stream, channel: string) => {
    const set = byChannel.get(channel)
    if (!set) return
    set.delete(stream)
    if (set.size === 0) byChannel.delete(channel)
    channelsOf.get(stream)?.delete(channel)
  }

  const createStream = transmit.createStream.bind(transmit)
  transmit.createStream = (params) => {
    const stream = createStream(params)
    responses.set(stream, params.response)
    stream.writeMessage = (message: { data?: unknown }) =>
      writeEvent(stream, message.data === undefined ? '\n' : frame(message.data))
    byUid.set(params.uid, stream)
    params.response.on('close', () => {
      if (byUid.get(params.uid) === stream) byUid.delete(params.uid)
      for (const channel of [...(channelsOf.get(stream) ?? [])]) drop(stream, channel)
      channelsOf.delete(stream)
    })
    return stream
  }

  const subscribe = transmit.subscribe.bind(transmit)
  transmit.subscribe = async (params) => {
    const ok = await subscribe(params)
    const stream = byUid.get(params.uid)
    if (ok && stream) {
      let set = byChannel.get(params.channel)
      if (!set) byChannel.set(params.channel, (set = new Set()))
      set.add(stream)
      let mine = channelsOf.get(stream)
      if (!mine) channelsOf.set(stream, (mine = new Set()))
      mine.add(params.channel)
    }
    return ok
  }

  const unsubscribe = transmit.unsubscribe.bind(transmit)
  transmit.unsubscribe = async (params) => {
    const ok = await unsubscribe(params)
    const stream = byUid.get(params.uid)
    if (stream) drop(stream, params.channel)
    return ok
  }

  manager.findByChannel = (channel: string) => {
    const out = new Set<Stream>()
    for (const stream of byChannel.get(channel) ?? []) if (live.get(stream)?.has(channel)) out.add(stream)
    return out
  }
}
