import { test } from '@japa/runner'
import { createTenant, createUser } from '#tests/helpers/world'
import { listen } from '#tests/helpers/realtime'
import { startApiProcess } from '#tests/helpers/processes'
import { realtime } from '#core/realtime'
import { MAX_STREAMS_PER_IP, MAX_STREAMS_PER_USER, streams } from '#services/realtime_streams'

const base = () => `http://127.0.0.1:${process.env.PORT}`

let seq = 0
const newUid = () => `test-${process.pid}-${Date.now()}-${++seq}`

/** Opens GET /__transmit/events by hand; `close` ends it. */
async function openStream(query: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const url = new URL(`${base()}/__transmit/events`)
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) url.searchParams.append(k, one)
  const ctrl = new AbortController()
  const res = await fetch(url, { signal: ctrl.signal, headers: { accept: 'application/json', ...headers } })
  const body: any = res.ok ? null : await res.json().catch(() => null)
  return {
    status: res.status,
    body,
    // keeps the response referenced: an unreferenced body may be collected, which ends the stream
    close: () => {
      ctrl.abort()
      return res
    },
  }
}

function post(path: string, token: string | null, body: unknown) {
  return fetch(`${base()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** Streams close asynchronously on the server: wait until the registry has forgotten them. */
async function settled(ms = 5000) {
  const deadline = Date.now() + ms
  while (streams.count() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
}

test.group('realtime', () => {
  test('a subscriber of company A never receives company B events', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}`)
      realtime.toCompany(b.company.id, 'user', { action: 'update', user: { id: 1, name: 'B secret' } })
      realtime.toCompany(a.company.id, 'user', { action: 'update', user: { id: 2, name: 'A news' } })
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-user`)
      assert.equal(got.user.name, 'A news')
      assert.equal(got.action, 'update')
      assert.isFalse(la.messages.some((m) => JSON.stringify(m).includes('B secret')))
    } finally {
      la.close()
    }
  })

  test('subscriptions are authorised on the server: other company, other user, anonymous', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const { user: colleague } = await createUser(a.company)
    const la = listen(base(), a.adminToken)
    try {
      await assert.rejects(() => la.subscribe(`company/${b.company.id}`))
      await assert.rejects(() => la.subscribe(`company/${a.company.id}/user/${colleague.id}`))
      await la.subscribe(`company/${a.company.id}/user/${a.admin.id}`)
      await la.subscribe('platform')
    } finally {
      la.close()
    }
    const anon = await fetch(`${base()}/__transmit/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'application/json' },
      body: JSON.stringify({ uid: 'x', channel: `company/${a.company.id}` }),
    })
    assert.equal(anon.status, 401)
  })

  test('a new login reaches the user channel as company-{id}-auth', async ({ client, assert }) => {
    const a = await createTenant()
    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}/user/${a.admin.id}`)
      const login = await client.post('/auth/login').json({ email: a.admin.email, password: 'secret-123' })
      login.assertStatus(200)
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-auth`)
      assert.equal(got.action, 'update')
      assert.equal(got.user.id, a.admin.id)
    } finally {
      la.close()
    }
  })

  test('one event to many users is serialised once and crosses Redis as one message; an unsubscribed stream stops hearing', async ({
    assert,
  }) => {
    if (!process.env.REDIS_URL) return assert.fail('this test needs Redis (REDIS_URL)')
    const a = await createTenant()
    const b = await createUser(a.company, { profile: 'user' })
    const la = listen(base(), a.adminToken)
    const lb = listen(base(), b.token)
    const { Redis } = await import('ioredis')
    const spy = new Redis(process.env.REDIS_URL)
    const crossed: string[] = []
    try {
      await spy.subscribe(`${process.env.REDIS_PREFIX ?? 'balcao'}:realtime`)
      spy.on('message', (_t: string, raw: string) => crossed.push(raw))
      const channelA = `company/${a.company.id}/user/${a.admin.id}`
      await la.subscribe(channelA)
      await lb.subscribe(`company/${a.company.id}/user/${b.user.id}`)
      const probe = (n: number) => (m: any) => m.event === `company-${a.company.id}-probe` && m.n === n
      realtime.toUsers(a.company.id, [a.admin.id, b.user.id], 'probe', { action: 'x', n: 1 })
      assert.exists(await la.waitFor(probe(1)))
      assert.exists(await lb.waitFor(probe(1)))
      await new Promise((r) => setTimeout(r, 200))
      assert.lengthOf(
        crossed.filter((raw) => raw.includes('"n":1')),
        1
      )
      const r = await post('/__transmit/unsubscribe', a.adminToken, { uid: la.uid, channel: channelA })
      assert.equal(r.status, 204)
      realtime.toUsers(a.company.id, [a.admin.id, b.user.id], 'probe', { action: 'x', n: 2 })
      assert.exists(await lb.waitFor(probe(2)))
      assert.notExists(await la.waitFor(probe(2), 500))
    } finally {
      la.close()
      lb.close()
      spy.disconnect()
    }
  })

  test('two API processes share events through Redis', async ({ assert }) => {
    if (!process.env.REDIS_URL) return assert.fail('this test needs Redis (REDIS_URL)')
    const a = await createTenant()
    const nodeA = await startApiProcess()
    const nodeB = await startApiProcess()
    const la = listen(nodeA.url, a.adminToken)
    try {
      await la.subscribe(`company/${a.company.id}`)
      const r = await fetch(`${nodeB.url}/settings/userRating`, {
        method: 'PUT',
        headers: {
          'authorization': `Bearer ${a.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify({ value: 'enabled' }),
      })
      assert.equal(r.status, 200)
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-settings`, 8000)
      assert.deepEqual(got.setting, { key: 'userRating', value: 'enabled' })
    } finally {
      la.close()
      await Promise.all([nodeA.stop(), nodeB.stop()])
    }
  }).timeout(60000)

  test('without Redis a single process runs jobs on PostgreSQL and realtime in-process', async ({ assert }) => {
    const a = await createTenant()
    const node = await startApiProcess({ REDIS_URL: undefined, WORKERS: 'true' })
    const la = listen(node.url, a.adminToken)
    try {
      const health = (await (
        await fetch(`${node.url}/health`, { headers: { accept: 'application/json' } })
      ).json()) as any
      assert.equal(health.jobs, 'postgres')
      await la.subscribe(`company/${a.company.id}`)
      await fetch(`${node.url}/settings/userRating`, {
        method: 'PUT',
        headers: {
          'authorization': `Bearer ${a.adminToken}`,
          'content-type': 'application/json',
          'accept': 'application/json',
        },
        body: JSON.stringify({ value: 'enabled' }),
      })
      const got = await la.waitFor((m) => m.event === `company-${a.company.id}-settings`, 8000)
      assert.exists(got)
    } finally {
      la.close()
      await node.stop()
    }
  }).timeout(60000)

  test('the events stream needs a sign-in: anonymous and bad tokens are refused', async ({ assert }) => {
    const a = await createTenant()
    const anon = await openStream({ uid: newUid() })
    anon.close()
    assert.equal(anon.status, 401)
    assert.equal(anon.body?.error, 'ERR_SESSION_EXPIRED')
    const forged = await openStream({ uid: newUid(), token: 'not-a-token' })
    forged.close()
    assert.equal(forged.status, 403)
    // the token may also come as a header (non-browser clients)
    const header = await openStream({ uid: newUid() }, { authorization: `Bearer ${a.adminToken}` })
    header.close()
    assert.equal(header.status, 200)
  })

  test("another user's stream id cannot be used to receive its events", async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const victim = listen(base(), a.adminToken)
    const opened: { close: () => void }[] = []
    try {
      await victim.subscribe(`company/${a.company.id}`)
      const anon = await openStream({ uid: victim.uid })
      opened.push(anon)
      assert.equal(anon.status, 401)
      const intruder = await openStream({ uid: victim.uid, token: b.adminToken })
      opened.push(intruder)
      assert.equal(intruder.status, 409)
      assert.equal(intruder.body?.error, 'ERR_REALTIME_STREAM_IN_USE')
      // the victim's own stream still carries its events
      realtime.toCompany(a.company.id, 'user', { action: 'update', user: { id: 3, name: 'still mine' } })
      const got = await victim.waitFor((m) => m.user?.name === 'still mine')
      assert.exists(got, 'the victim stopped receiving its company events')
    } finally {
      opened.forEach((o) => o.close())
      victim.close()
    }
  })

  test('another user cannot subscribe or unsubscribe a stream that is not theirs', async ({ assert }) => {
    const a = await createTenant()
    const b = await createTenant()
    const { token: colleagueToken } = await createUser(a.company)
    const victim = listen(base(), a.adminToken)
    try {
      await victim.subscribe(`company/${a.company.id}`)
      for (const token of [b.adminToken, colleagueToken]) {
        const unsub = await post('/__transmit/unsubscribe', token, {
          uid: victim.uid,
          channel: `company/${a.company.id}`,
        })
        assert.equal(unsub.status, 404)
        assert.equal(((await unsub.json()) as any).error, 'ERR_REALTIME_STREAM_NOT_FOUND')
        const sub = await post('/__transmit/subscribe', token, { uid: victim.uid, channel: 'platform' })
        assert.equal(sub.status, 404)
      }
      const anonUnsub = await post('/__transmit/unsubscribe', null, {
        uid: victim.uid,
        channel: `company/${a.company.id}`,
      })
      assert.equal(anonUnsub.status, 401)
      realtime.toCompany(a.company.id, 'user', { action: 'update', user: { id: 4, name: 'not unsubscribed' } })
      assert.exists(await victim.waitFor((m) => m.user?.name === 'not unsubscribed'))
      // the owner may unsubscribe their own stream
      const own = await post('/__transmit/unsubscribe', a.adminToken, {
        uid: victim.uid,
        channel: `company/${a.company.id}`,
      })
      assert.equal(own.status, 204)
    } finally {
      victim.close()
    }
  })

  test('only the exact channel names exist', async ({ assert }) => {
    const a = await createTenant()
    const cid = a.company.id
    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe('platform')
      const bad = [
        `company//${cid}`,
        `Company/${cid}`,
        `company/${cid}/x`,
        `company/${cid}/`,
        `company/0${cid}`,
        `company/${cid}/user/${a.admin.id}/x`,
        `company/${cid}/user//${a.admin.id}`,
        'platform/x',
        'Platform',
        'anything',
        'company/1e3',
      ]
      for (const channel of bad) {
        for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
          const r = await post(path, a.adminToken, { uid: la.uid, channel })
          assert.equal(r.status, 400, `${path} ${channel}`)
          assert.equal(((await r.json()) as any).error, 'ERR_REALTIME_UNKNOWN_CHANNEL', `${path} ${channel}`)
        }
      }
      // the real names still work
      await la.subscribe(`company/${cid}`)
      await la.subscribe(`company/${cid}/user/${a.admin.id}`)
    } finally {
      la.close()
    }
  })

  test('malformed stream and subscription requests answer 4xx with an ERR_ code', async ({ assert }) => {
    const a = await createTenant()
    const noUid = await openStream({ token: a.adminToken })
    noUid.close()
    assert.equal(noUid.status, 422)
    assert.equal(noUid.body?.error, 'ERR_VALIDATION')
    const twoUids = await openStream({ uid: [newUid(), newUid()], token: a.adminToken })
    twoUids.close()
    assert.equal(twoUids.status, 422)
    const badUid = await openStream({ uid: 'x y', token: a.adminToken })
    badUid.close()
    assert.equal(badUid.status, 422)
    // anonymous and without uid: the sign-in is checked first
    const anonNoUid = await openStream({})
    anonNoUid.close()
    assert.equal(anonNoUid.status, 401)

    const la = listen(base(), a.adminToken)
    try {
      await la.subscribe('platform')
      const bodies: unknown[] = [
        {},
        { channel: 'platform' },
        { uid: la.uid },
        { uid: 123, channel: 'platform' },
        { uid: [la.uid], channel: 'platform' },
        { uid: { $ne: '' }, channel: 'platform' },
        { uid: null, channel: 'platform' },
        { uid: la.uid, channel: 5 },
        { uid: la.uid, channel: null },
        { uid: la.uid, channel: ['platform'] },
        { uid: la.uid, channel: { a: 1 } },
        { uid: la.uid, channel: '' },
        [la.uid, 'platform'],
      ]
      for (const body of bodies) {
        for (const path of ['/__transmit/subscribe', '/__transmit/unsubscribe']) {
          const r = await post(path, a.adminToken, body)
          const json = (await r.json().catch(() => null)) as any
          assert.equal(r.status, 422, `${path} ${JSON.stringify(body)} → ${r.status}`)
          assert.equal(json?.error, 'ERR_VALIDATION', `${path} ${JSON.stringify(body)}`)
        }
      }
    } finally {
      la.close()
    }
  })

  test('open streams are capped per user', async ({ assert }) => {
    await settled()
    const a = await createTenant()
    const opened: { close: () => void }[] = []
    try {
      for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
        const s = await openStream({ uid: newUid(), token: a.adminToken })
        opened.push(s)
        assert.equal(s.status, 200, `stream ${i + 1}`)
      }
      const over = await openStream({ uid: newUid(), token: a.adminToken })
      opened.push(over)
      assert.equal(over.status, 429)
      assert.equal(over.body?.error, 'ERR_REALTIME_TOO_MANY_STREAMS')
      // another user of the same company is not affected
      const { token } = await createUser(a.company)
      const other = await openStream({ uid: newUid(), token })
      opened.push(other)
      assert.equal(other.status, 200)
      // closing one frees a place
      opened.shift()!.close()
      let again = 0
      for (let i = 0; i < 100 && again !== 200; i++) {
        await new Promise((r) => setTimeout(r, 25))
        const s = await openStream({ uid: newUid(), token: a.adminToken })
        opened.push(s)
        again = s.status
      }
      assert.equal(again, 200)
    } finally {
      opened.forEach((o) => o.close())
      await settled()
    }
  })

  test('open streams are capped per IP', async ({ assert }) => {
    await settled()
    const a = await createTenant()
    const tokens = [a.adminToken]
    const users = Math.ceil(MAX_STREAMS_PER_IP / MAX_STREAMS_PER_USER) + 1
    while (tokens.length < users) tokens.push((await createUser(a.company)).token)
    const opened: { close: () => void }[] = []
    // every test stream comes from 127.0.0.1: count any still open from elsewhere in the run
    const already = streams.count()
    try {
      for (let i = already; i < MAX_STREAMS_PER_IP; i++) {
        const s = await openStream({ uid: newUid(), token: tokens[Math.floor(i / MAX_STREAMS_PER_USER)] })
        opened.push(s)
        assert.equal(s.status, 200, `stream ${i + 1}`)
      }
      const over = await openStream({ uid: newUid(), token: tokens[users - 1] })
      opened.push(over)
      assert.equal(over.status, 429, `open streams: ${streams.count()}`)
      assert.equal(over.body?.error, 'ERR_REALTIME_TOO_MANY_STREAMS')
    } finally {
      opened.forEach((o) => o.close())
      await settled()
    }
  }).timeout(30000)
})
