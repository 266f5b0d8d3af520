/**
 * A fake WhatsApp behind a real session supervisor, fresh for each test of a
 * group: the browser suites connect, scan and disconnect through it.
 */
import type { Group } from '@japa/runner/core'
import { channelHooks } from '#core/pipeline'
import { whatsappRuntime } from '#channels/whatsapp/runtime'
import { Supervisor } from '#channels/whatsapp/session/supervisor'
import { LocalLease } from '#channels/whatsapp/session/lease'
import { FakeWhatsApp, fakeDownloader } from '#channels/whatsapp/tests/fixtures/fake_socket'
import { stopAllSessions, waitFor } from '#channels/whatsapp/tests/fixtures/world'

export function fakeWhatsAppEachTest(group: Group, ownerId: string) {
  let wa = new FakeWhatsApp()
  let supervisor: Supervisor | null = null
  const stop = async () => {
    whatsappRuntime.useSupervisor(null)
    await supervisor?.close()
    supervisor = null
    await stopAllSessions()
  }
  group.each.setup(async () => {
    await stopAllSessions()
    wa = new FakeWhatsApp()
    supervisor = new Supervisor({
      ownerId,
      lease: new LocalLease(ownerId),
      factory: wa.factory,
      downloader: fakeDownloader,
      hooks: channelHooks,
      tickMs: 100,
    })
    supervisor.start()
    whatsappRuntime.useSupervisor(supervisor)
    return stop
  })
  return {
    /** this test's fake WhatsApp */
    get wa() {
      return wa
    },
    /** ends the sessions before the test does (what a stopped server would leave) */
    stop,
    /** the socket WhatsApp would talk to: the newest, once no other start follows it */
    async settledSocket() {
      await waitFor(async () => wa.sockets.length >= 1)
      let seen = wa.sockets.length
      for (;;) {
        await new Promise((r) => setTimeout(r, 700))
        if (wa.sockets.length === seen) return wa.last
        seen = wa.sockets.length
      }
    },
  }
}
