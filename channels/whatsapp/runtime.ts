/**
 * The channel's process-wide state: the socket factory (Baileys, or a fake in
 * tests and with WHATSAPP_FAKE_SOCKET), the lease backend and, where sessions
 * run, the supervisor.
 */
import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import { channelHooks } from '#core/pipeline'
import type { ChannelHooks } from '#core/channels'
import { LocalLease, RedisLease, type Lease } from './session/lease.js'
import { baileysDownloader, baileysFactory, type MediaDownloader, type SocketFactory } from './session/socket.js'
import { Supervisor } from './session/supervisor.js'
import { fakeMediaDownloader, fakeSocketDir, recordingFakeFactory } from './session/fake_socket.js'
import { SendRelay } from './session/send_relay.js'

export interface RuntimeConfig {
  factory: SocketFactory
  downloader: MediaDownloader
  hooks: ChannelHooks
  ownerId: string
  tickMs: number
  lease?: Lease
}

// WHATSAPP_FAKE_SOCKET=<dir>: sessions on a recording fake that never reaches WhatsApp (the
// scale-out harness); fakeSocketDir() throws under NODE_ENV=production, so the process does not boot
const fakeDir = fakeSocketDir()

const config: RuntimeConfig = {
  factory: fakeDir ? recordingFakeFactory(fakeDir) : baileysFactory,
  downloader: fakeDir ? fakeMediaDownloader : baileysDownloader,
  hooks: channelHooks,
  ownerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  tickMs: 3000,
}

let supervisor: Supervisor | null = null
let relay: SendRelay | null = null

export const whatsappRuntime = {
  configure(patch: Partial<RuntimeConfig>) {
    Object.assign(config, patch)
  },
  get config() {
    return config
  },
  lease(): Lease {
    if (config.lease) return config.lease
    const url = process.env.REDIS_URL
    config.lease = url ? new RedisLease(url, config.ownerId) : new LocalLease(config.ownerId)
    return config.lease
  },
  /** Starts running sessions in this process. */
  startSupervisor(): Supervisor {
    if (supervisor) return supervisor
    supervisor = new Supervisor({
      ownerId: config.ownerId,
      lease: whatsappRuntime.lease(),
      factory: config.factory,
      downloader: config.downloader,
      hooks: config.hooks,
      tickMs: config.tickMs,
    })
    supervisor.start()
    // owners answer relayed sends from processes without the socket
    whatsappRuntime.relay()
    return supervisor
  },
  supervisor() {
    return supervisor
  },
  /** tests: make a supervisor built on fake sockets the process's one */
  useSupervisor(s: Supervisor | null) {
    supervisor = s
  },
  /** The Redis relay to session owners on other processes (null without Redis). */
  relay(): SendRelay | null {
    if (relay || !process.env.REDIS_URL) return relay
    relay = new SendRelay(process.env.REDIS_URL, config.ownerId, async (ref, message) => {
      const { sendLocal } = await import('./driver.js')
      return sendLocal(ref, message)
    })
    return relay
  },
  nudge() {
    return supervisor?.nudge()
  },
  async stopSupervisor() {
    const s = supervisor
    supervisor = null
    await s?.close()
  },
  async close() {
    await whatsappRuntime.stopSupervisor()
    await relay?.close()
    relay = null
    await config.lease?.close()
    config.lease = undefined
  },
}
