import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { RedisLease } from '../session/lease.js'
import { loadAuthState, FencedOut } from '../session/auth_state.js'
import { Supervisor } from '../session/supervisor.js'
import { command } from '../session/commands.js'
import { channelHooks, connectionRef } from '#core/pipeline'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { FakeWhatsApp, fakeDownloader } from './fixtures/fake_socket.js'
import { stopAllSessions, waWorld, waitFor } from './fixtures/world.js'

const redisUrl = process.env.REDIS_URL

function leaseProcess(sessionId: number, owner: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import=@poppinss/ts-exec', 'channels/whatsapp/tests/fixtures/lease_process.ts'],
    {
      cwd: app.makePath(),
      env: { ...process.env, LEASE_SESSION_ID: String(sessionId), LEASE_OWNER: owner, LEASE_TTL_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  )
  const lines: string[] = []
  child.stdout!.on('data', (d) => lines.push(...String(d).trim().split('\n')))
  return { child, lines, owner }
}

test.group('one session, one process: the Redis lease', (group) => {
  group.each.teardown(() => stopAllSessions())

  test('two worker processes: one owns the session; SIGKILL it and the other takes over with a larger fence', async ({
    assert,
  }) => {
    const sessionId = 900000 + Math.floor(Math.random() * 99999)
    const a = leaseProcess(sessionId, 'proc-a')
    const b = leaseProcess(sessionId, 'proc-b')
    try {
      const first = await waitFor(async () => [a, b].find((p) => p.lines.some((l) => l.startsWith('OWNER'))), 20_000)
      const other = first === a ? b : a
      await new Promise((r) => setTimeout(r, 1500))
      // exactly one owner while both live
      assert.isFalse(other.lines.some((l) => l.startsWith('OWNER')))
      const fence1 = Number(first.lines.find((l) => l.startsWith('OWNER'))!.split(' ')[1])
      first.child.kill('SIGKILL')
      const took = await waitFor(async () => other.lines.find((l) => l.startsWith('OWNER')), 10_000)
      assert.isAbove(Number(took.split(' ')[1]), fence1)
    } finally {
      a.child.kill('SIGKILL')
      b.child.kill('SIGKILL')
    }
  })
    .skip(!redisUrl, 'needs REDIS_URL')
    .timeout(40_000)

  test('two supervisors share the sessions; the survivor takes a crashed owner’s session, and the old owner is fenced out', async ({
    assert,
  }) => {
    const w = await waWorld()
    const make = (owner: string, wa: FakeWhatsApp) =>
      new Supervisor({
        ownerId: owner,
        lease: new RedisLease(redisUrl!, owner, 800),
        factory: wa.factory,
        downloader: fakeDownloader,
        hooks: channelHooks,
        tickMs: 100,
        random: () => 0,
      })
    const waA = new FakeWhatsApp()
    const waB = new FakeWhatsApp()
    const A = make(`A-${randomUUID()}`, waA)
    const B = make(`B-${randomUUID()}`, waB)
    try {
      await command(w.ref, 'run', { bump: true })
      A.start()
      await waitFor(async () => waA.sockets.length === 1)
      B.start()
      await new Promise((r) => setTimeout(r, 600))
      assert.lengthOf(waB.sockets, 0, 'B must not run a session A owns')
      waA.last.open()
      await w.status('CONNECTED')
      const fenceA = Number((await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).first()).fence)
      const staleAuth = await loadAuthState(w.whatsapp.id, fenceA)

      await A.crash()
      await waitFor(async () => waB.sockets.length === 1, 10_000)
      const row = await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).first()
      assert.isAbove(Number(row.fence), fenceA)
      assert.equal(row.owner, B.options.ownerId)
      waB.last.open()
      await w.status('CONNECTED')
      // the crashed owner's late write of the login is refused
      await assert.rejects(() => staleAuth.saveCreds(), FencedOut as any)
    } finally {
      await A.close()
      await B.close()
      await (A.options.lease as RedisLease).close()
      await (B.options.lease as RedisLease).close()
    }
  })
    .skip(!redisUrl, 'needs REDIS_URL')
    .timeout(40_000)
})

test.group('several supervisors: each takes its share of the sessions', (group) => {
  group.each.teardown(() => stopAllSessions())

  const supervisorOn = (owner: string, wa: FakeWhatsApp) =>
    new Supervisor({
      ownerId: owner,
      lease: new RedisLease(redisUrl!, owner, 2000),
      factory: wa.factory,
      downloader: fakeDownloader,
      hooks: channelHooks,
      tickMs: 200,
      random: () => 0,
    })

  /** the world's connection and `more` others of its company, each wanted running */
  async function sessions(w: Awaited<ReturnType<typeof waWorld>>, more: number) {
    const refs = [w.ref]
    for (let i = 0; i < more; i++) {
      const row = await tenancy.run(w.company.id, () =>
        Whatsapp.create({
          name: `WA share ${i} ${randomUUID().slice(0, 6)}`,
          channel: 'whatsapp',
          status: 'DISCONNECTED',
        } as any)
      )
      refs.push(connectionRef(row))
    }
    for (const ref of refs) await command(ref, 'run', { bump: true })
    return refs
  }

  test('two live supervisors split new sessions between them', async ({ assert }) => {
    const w = await waWorld()
    const [waA, waB] = [new FakeWhatsApp(), new FakeWhatsApp()]
    const A = supervisorOn(`share-A-${randomUUID()}`, waA)
    const B = supervisorOn(`share-B-${randomUUID()}`, waB)
    try {
      A.start()
      B.start()
      // both have said they are alive before there is anything to share
      await new Promise((r) => setTimeout(r, 500))
      await sessions(w, 5)
      await waitFor(async () => A.running.size + B.running.size === 6, 10_000)
      await new Promise((r) => setTimeout(r, 600))
      assert.equal(A.running.size, 3)
      assert.equal(B.running.size, 3)
    } finally {
      await A.close()
      await B.close()
      await (A.options.lease as RedisLease).close()
      await (B.options.lease as RedisLease).close()
    }
  })
    .skip(!redisUrl, 'needs REDIS_URL')
    .timeout(30_000)

  test('a share nobody else takes is taken anyway after the grace', async ({ assert }) => {
    const w = await waWorld()
    const wa = new FakeWhatsApp()
    const A = supervisorOn(`share-A-${randomUUID()}`, wa)
    // a second supervisor that says it is alive but never takes a session
    const idle = new RedisLease(redisUrl!, `share-idle-${randomUUID()}`, 2000)
    const beat = setInterval(() => void idle.heartbeat(600), 100)
    try {
      await idle.heartbeat(600)
      await sessions(w, 1)
      A.start()
      await waitFor(async () => A.running.size === 1, 5000)
      const first = Date.now()
      assert.equal(A.running.size, 1, 'its share first')
      await waitFor(async () => A.running.size === 2, 5000)
      // SHARE_GRACE_TICKS (2) × 200 ms, give or take a tick
      assert.isAtLeast(Date.now() - first, 200)
    } finally {
      clearInterval(beat)
      await A.close()
      await (A.options.lease as RedisLease).close()
      await idle.close()
    }
  })
    .skip(!redisUrl, 'needs REDIS_URL')
    .timeout(30_000)
})

test.group('session takeover between worker processes', (group) => {
  group.each.teardown(() => stopAllSessions())

  test('two booted worker processes: one runs the session; SIGKILL it and the other takes it over', async ({
    assert,
  }) => {
    const w = await waWorld()
    await command(w.ref, 'run', { bump: true })
    const spawnWorker = (name: string) => {
      const child = spawn(
        process.execPath,
        ['--import=@poppinss/ts-exec', 'channels/whatsapp/tests/fixtures/session_worker.ts'],
        {
          cwd: app.makePath(),
          env: { ...process.env, WORKER_NAME: name },
          stdio: ['ignore', 'pipe', 'pipe'],
        }
      )
      const lines: string[] = []
      let err = ''
      child.stdout!.on('data', (d) => lines.push(...String(d).trim().split('\n')))
      child.stderr!.on('data', (d) => (err += d))
      return { name, child, lines, err: () => err }
    }
    const a = spawnWorker(`wa-a-${randomUUID().slice(0, 6)}`)
    const b = spawnWorker(`wa-b-${randomUUID().slice(0, 6)}`)
    const running = (p: typeof a) => p.lines.find((l) => l.startsWith(`RUNNING ${w.whatsapp.id} `))
    try {
      const first = await waitFor(async () => [a, b].find((p) => running(p)), 30_000).catch(() => {
        throw new Error(`no worker ran the session: ${a.err().slice(0, 500)} ${b.err().slice(0, 500)}`)
      })
      const other = first === a ? b : a
      await new Promise((r) => setTimeout(r, 1000))
      assert.isUndefined(running(other), 'only one process runs a session')
      const fence1 = Number(running(first)!.split(' ')[2])
      assert.equal((await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).first()).owner, first.name)

      first.child.kill('SIGKILL')
      const took = await waitFor(async () => running(other), 20_000)
      assert.isAbove(Number(took.split(' ')[2]), fence1)
      const row = await db.from('wa_sessions').where('whatsapp_id', w.whatsapp.id).first()
      assert.equal(row.owner, other.name)
      assert.equal((await w.row()).status, 'CONNECTED')
    } finally {
      a.child.kill('SIGKILL')
      b.child.kill('SIGKILL')
    }
  })
    .skip(!redisUrl, 'needs REDIS_URL')
    .timeout(90_000)
})
