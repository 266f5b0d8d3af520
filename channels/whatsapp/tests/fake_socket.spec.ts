import { test } from '@japa/runner'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fakeSocketDir, recordingFakeFactory, type FakeRecord } from '../session/fake_socket.js'

const options = (connectionId: number) => ({
  auth: { creds: {}, keys: {} } as any,
  getMessage: async () => undefined,
  connectionId,
})

test.group('WHATSAPP_FAKE_SOCKET: sessions on a recording fake', () => {
  test('off unless set; refused under NODE_ENV=production', ({ assert }) => {
    assert.isNull(fakeSocketDir({ NODE_ENV: 'development' }))
    assert.equal(fakeSocketDir({ NODE_ENV: 'development', WHATSAPP_FAKE_SOCKET: '/tmp/wa' }), '/tmp/wa')
    assert.throws(
      () => fakeSocketDir({ NODE_ENV: 'production', WHATSAPP_FAKE_SOCKET: '/tmp/wa' }),
      /WHATSAPP_FAKE_SOCKET is set while NODE_ENV=production/
    )
  })

  test('a socket signs in by itself and every open and send is a line in <dir>/<pid>.jsonl', async ({ assert }) => {
    const dir = mkdtempSync(join(tmpdir(), 'wa-fake-'))
    try {
      const socket: any = await recordingFakeFactory(dir, 10)(options(42))
      const opened = new Promise((r) => socket.ev.on('connection.update', (u: any) => u.connection === 'open' && r(u)))
      await opened
      assert.match(socket.user.id, /^5599000000042:/)
      const sent = await socket.sendMessage('5511@s.whatsapp.net', { text: 'oi' }, { messageId: '3EB0ABC' })
      assert.equal(sent.key.id, '3EB0ABC')
      const lines: FakeRecord[] = readFileSync(join(dir, `${process.pid}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
      assert.deepEqual(
        lines.map(({ type, connection, id, text, pid }) => ({ type, connection, id, text, pid })),
        [
          { type: 'open', connection: 42, id: undefined, text: undefined, pid: process.pid },
          { type: 'send', connection: 42, id: '3EB0ABC', text: 'oi', pid: process.pid },
        ] as any
      )
      // a socket ended before it opened never opens
      const ended: any = await recordingFakeFactory(dir, 10)(options(43))
      ended.end()
      await new Promise((r) => setTimeout(r, 50))
      assert.isUndefined(ended.user)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
