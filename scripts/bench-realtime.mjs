/**
 * Realtime benchmark: N signed-in SSE streams (Transmit) on the compiled API
 * process, each subscribed to its user's channel as the shell does; a ticket
 * event is fanned out to all of them and the delivery time to each stream is
 * measured from the request that caused it. Reports p50/p99 delivery, RSS and
 * memory per stream. With BENCH_PROCESSES=2 (needs Redis) the streams are
 * split over two API processes and the event is caused on the first: the
 * second gets it through Redis.
 *   node_modules/.bin/node scripts/bench-realtime.mjs
 * Env: BENCH_STREAMS (default 10000), BENCH_STREAMS_PER_USER (default 10),
 * BENCH_EVENTS (fan-outs measured, default 5), BENCH_PROCESSES (1 or 2), BENCH_CLIENTS (stream-reading
 * client processes, default 1: on two cores more clients only compete with the server).
 * Streams come from distinct client addresses through X-Forwarded-For
 * (TRUST_PROXY=loopback), as browsers behind a proxy would.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { fork, spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { accessToken, benchDatabase, benchProcessEnv, pct, prepareCompiled, sleep } from './bench_lib.mjs'

const num = (name, def) => Number(process.env[name] ?? def)
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

function request(base, method, path, { token, body, ip } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(data ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode, text }))
      }
    )
    req.on('error', reject)
    if (data) req.write(data)
    req.end()
  })
}

/**
 * One open SSE stream on a raw socket: arrivals are stamped when the bytes reach the socket.
 * An HTTP client parsing 10,000 responses in this one process would add its own queue to the
 * figure (each browser has its own), so the stream is read as bytes and only searched for the marker.
 */
function openStream(base, { uid, token, ip }) {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const stream = { uid, token, ip, arrivals: [], req: null }
    const socket = net.connect(Number(port), hostname, () => {
      socket.setNoDelay(true)
      socket.write(
        `GET /__transmit/events?uid=${uid}&token=${encodeURIComponent(token)} HTTP/1.1\r\n` +
          `Host: ${hostname}:${port}\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${ip}\r\n\r\n`
      )
    })
    stream.req = socket
    const marker = Buffer.from('-ticket"')
    let opened = false
    socket.on('data', (chunk) => {
      if (!opened) {
        opened = true
        const status = chunk.toString('latin1', 9, 12)
        if (status !== '200') return reject(new Error(`stream ${status}`))
        return resolve(stream)
      }
      if (chunk.indexOf(marker) >= 0) stream.arrivals.push(wall())
    })
    socket.on('error', reject)
  })
}

/** a high-resolution clock that agrees across processes */
const wall = () => performance.timeOrigin + performance.now()

async function pool(items, size, fn) {
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await fn(items[next++])
    })
  )
}

/**
 * A stream-holding client process. Browsers each read their own stream; one process reading all
 * 10,000 sockets would queue the last ones behind the first, so the streams are spread over
 * BENCH_CLIENTS processes. Asked with the time an event was caused, it answers each stream's delay.
 */
async function client() {
  const streams = []
  const after = (s, t) => s.arrivals.find((a) => a >= t)
  process.on('message', async (m) => {
    if (m.type === 'open') {
      await pool(m.plans, 100, async (p) => {
        const stream = await openStream(p.base, p)
        const r = await request(p.base, 'POST', '/__transmit/subscribe', {
          token: p.token,
          ip: p.ip,
          body: { uid: p.uid, channel: p.channel },
        })
        if (r.status >= 300) throw new Error(`subscribe ${r.status} ${r.text}`)
        streams.push(stream)
      })
      process.send({ type: 'opened', count: streams.length })
    } else if (m.type === 'collect') {
      const deadline = performance.now() + 10_000
      while (performance.now() < deadline && streams.some((s) => after(s, m.sent) === undefined)) await sleep(20)
      const delays = []
      let missing = 0
      for (const s of streams) {
        const at = after(s, m.sent)
        if (at === undefined) missing++
        else delays.push(at - m.sent)
      }
      process.send({ type: 'collected', delays, missing })
    } else if (m.type === 'close') {
      for (const s of streams) s.req?.destroy()
      process.exit(0)
    }
  })
  process.send({ type: 'ready' })
}

/** the next message of a type from a child process */
const next = (child, type) =>
  new Promise((resolve, reject) => {
    const on = (m) => m.type === type && (child.off('message', on), child.off('exit', dead), resolve(m))
    const dead = (code) => reject(new Error(`client process exited (${code})`))
    child.on('message', on)
    child.once('exit', dead)
  })

async function main() {
  const pg = (await import('pg')).default
  const STREAMS = num('BENCH_STREAMS', 10000)
  const PER_USER = num('BENCH_STREAMS_PER_USER', 10)
  const EVENTS = num('BENCH_EVENTS', 5)
  const PROCESSES = num('BENCH_PROCESSES', 1)
  const CLIENTS = num('BENCH_CLIENTS', 1)
  const USERS = Math.ceil(STREAMS / PER_USER)
  // several processes share the fan-out through Redis; one needs none
  const env = { ...(await benchProcessEnv('rt', { needsRedis: PROCESSES > 1 })), TRUST_PROXY: 'loopback' }
  const appKey = env.APP_KEY
  const database = await benchDatabase(`balcao_bench_rt_${process.pid}`)
  env.DATABASE_URL = database.url
  const servers = []
  const clients = []
  let streamCount = 0
  try {
    prepareCompiled(env)

    // one company, USERS admins (an admin sees every ticket: each event reaches every user), sessions, one ticket
    const sql = new pg.Client({ connectionString: env.DATABASE_URL })
    sql.on('error', () => {}) // the cleanup's DROP DATABASE ends it
    await sql.connect()
    const companyId = (
      await sql.query(
        `INSERT INTO companies (name, email, plan_id, status, due_date) VALUES ('Bench RT', 'rt@bench.test', 1, true, '2999-01-01') RETURNING id`
      )
    ).rows[0].id
    const users = (
      await sql.query(
        `INSERT INTO users (company_id, name, email, password, profile)
         SELECT $1, 'Agent ' || g, 'agent' || g || '@rt.test', 'x', 'admin' FROM generate_series(1, $2) g RETURNING id`,
        [companyId, USERS]
      )
    ).rows.map((r) => r.id)
    const sessions = users.map((id) => ({ id: randomUUID(), userId: id }))
    await sql.query(
      `INSERT INTO user_sessions (id, user_id, company_id) SELECT s, u, $3 FROM unnest($1::uuid[], $2::int[]) AS t(s, u)`,
      [sessions.map((s) => s.id), sessions.map((s) => s.userId), companyId]
    )
    const whatsappId = (
      await sql.query(
        `INSERT INTO whatsapps (company_id, name, channel, status, token) VALUES ($1, 'API', 'api', 'CONNECTED', $2) RETURNING id`,
        [companyId, randomBytes(15).toString('hex')]
      )
    ).rows[0].id
    const contactId = (
      await sql.query(
        `INSERT INTO contacts (company_id, name, number) VALUES ($1, 'Cliente', '5511999990000') RETURNING id`,
        [companyId]
      )
    ).rows[0].id
    const ticketId = (
      await sql.query(
        `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel, uuid) VALUES ($1, $2, $3, 'pending', 'api', gen_random_uuid()) RETURNING id`,
        [companyId, contactId, whatsappId]
      )
    ).rows[0].id
    await sql.end()

    const bases = []
    for (let p = 0; p < PROCESSES; p++) {
      const port = await freePort()
      const child = spawn(process.execPath, ['build/core/bin/server.js'], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), WORKERS: p === 0 ? 'true' : 'false' },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      servers.push(child)
      const base = `http://127.0.0.1:${port}`
      for (let i = 0; ; i++) {
        if (
          await request(base, 'GET', '/health').then(
            (r) => r.status === 200,
            () => false
          )
        )
          break
        if (i > 300) throw new Error('server did not start')
        await sleep(200)
      }
      bases.push(base)
    }
    await sleep(2000)
    const idleRss = servers.map((s) => rssMb(s.pid))

    // open the streams: PER_USER per user, 40 per client address, spread over the processes
    const plans = []
    for (let i = 0; i < STREAMS; i++) {
      const s = sessions[Math.floor(i / PER_USER)]
      const token = accessToken(appKey, { sid: s.id, uid: s.userId, cid: companyId })
      const ip = `10.${(i >> 14) & 255}.${(i >> 6) & 255}.${1 + (((i / 40) | 0) % 250)}`
      plans.push({ uid: randomUUID(), token, ip, userId: s.userId, base: bases[i % bases.length] })
    }
    for (const p of plans) p.channel = `company/${companyId}/user/${p.userId}`
    for (let c = 0; c < CLIENTS; c++) {
      const child = fork(fileURLToPath(import.meta.url), ['--client'], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      })
      clients.push(child)
      await next(child, 'ready')
    }
    const t0 = performance.now()
    const opened = await Promise.all(
      clients.map((child, c) => {
        child.send({ type: 'open', plans: plans.filter((_, i) => i % CLIENTS === c) })
        return next(child, 'opened')
      })
    )
    streamCount = opened.reduce((n, o) => n + o.count, 0)
    const openSeconds = (performance.now() - t0) / 1000
    await sleep(3000)
    const loadedRss = servers.map((s) => rssMb(s.pid))

    // fan-outs: an admin's ticket update (status toggles) caused on the first process
    const adminToken = plans[0].token
    const delays = []
    let missing = 0
    for (let e = 0; e < EVENTS; e++) {
      const status = e % 2 === 0 ? 'open' : 'pending'
      const sent = wall()
      const r = await request(bases[0], 'PUT', `/tickets/${ticketId}`, {
        token: adminToken,
        ip: plans[0].ip,
        body: { status, userId: status === 'open' ? users[0] : null },
      })
      if (r.status >= 300) throw new Error(`ticket update ${r.status} ${r.text}`)
      // the first ticket event each stream receives after the request was sent
      const answers = await Promise.all(
        clients.map((child) => {
          child.send({ type: 'collect', sent })
          return next(child, 'collected')
        })
      )
      for (const a of answers) {
        delays.push(...a.delays)
        missing += a.missing
      }
      await sleep(500)
    }
    const summary = {
      streams: streamCount,
      clientProcesses: CLIENTS,
      users: USERS,
      processes: PROCESSES,
      redis: Boolean(env.REDIS_URL),
      openSeconds: Math.round(openSeconds * 10) / 10,
      events: EVENTS,
      deliveries: delays.length,
      missing,
      deliveryMs: {
        p50: Math.round(pct(delays, 50)),
        p99: Math.round(pct(delays, 99)),
        max: Math.round(pct(delays, 100)),
      },
      rssMb: { idle: idleRss.map(Math.round), withStreams: loadedRss.map(Math.round) },
      kbPerStream: Math.round(
        ((loadedRss.reduce((a, b) => a + b, 0) - idleRss.reduce((a, b) => a + b, 0)) * 1024) / Math.max(1, streamCount)
      ),
    }
    console.log(JSON.stringify(summary, null, 2))
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    for (const c of clients) c.connected ? c.send({ type: 'close' }) : c.kill()
    for (const s of servers) s.kill('SIGTERM')
    await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r() : s.once('exit', r)))))
    await database.drop()
  }
}

if (process.argv.includes('--client')) await client()
else {
  ensureDependencies()
  if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
}
