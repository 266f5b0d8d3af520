/**
 * Scale-out harness: N API processes (WORKERS=false) and M worker processes
 * (core/bin/worker) of the compiled server on one PostgreSQL and one Redis,
 * on loopback ports, optionally behind nginx. Runs the scenarios and prints a
 * table (docs/scale-out.md explains them and the figures):
 *   (a) steady signed webhooks while API node 1 is killed with SIGKILL;
 *   (b) steady webhooks while worker 1 is killed with SIGKILL mid-drain;
 *       SSE clients spread over the nodes (through nginx with --nginx) follow
 *       the admin's channel: those on node 1 reconnect elsewhere with
 *       Last-Event-ID; each must get every event of the run's replay log once;
 *   (d) rolling restart: SIGTERM each API node, then each worker, one at a
 *       time (each started again before the next) while webhooks keep coming
 *       and SSE clients listen: zero failed requests, nothing lost or doubled;
 *   (e) Redis emptied under traffic (every key of the run's REDIS_PREFIX deleted
 *       at once; the machine's Redis is shared, so never FLUSHDB): nothing
 *       lost or doubled, SSE clients keep hearing, repeatable jobs come back;
 *   (r) an SSE stream on API node 1 receives the ticket event caused by a
 *       request to API node 2 (Redis fan-out); with nginx, also a stream
 *       opened through nginx;
 *   (c) WhatsApp sessions on a recording fake socket (WHATSAPP_FAKE_SOCKET,
 *       never WhatsApp) spread over the workers by lease; agents queue
 *       messages on every session through the API while the worker holding
 *       the most is killed with SIGKILL: each of its sessions must be
 *       CONNECTED on another worker within 30 s, and every message sent once.
 *       Runs last: the workers are restarted with the fake (which refuses
 *       NODE_ENV=production, so they run as development for it), with a
 *       second worker added when --workers=1.
 *
 *   node_modules/.bin/node scripts/cluster.mjs [--api=3] [--workers=2] [--events=3000]
 *       [--in-flight=16] [--sse-clients=2×api] [--wa-sessions=12] [--wa-messages=6]
 *       [--scenarios=abcder] [--nginx] [--install-nginx] [--keep]
 * --scenarios picks which to run (letters; default all); --wa-sessions and
 * --wa-messages size (c): connections, and messages queued on each.
 * --nginx puts Debian's nginx in front (config written to .data/cluster-nginx/);
 * --install-nginx installs it with apt-get first when missing (root only).
 * Uses DATABASE_URL / 127.0.0.1:5432 / embedded PostgreSQL like the benches,
 * and REDIS_URL or 127.0.0.1:6379 (required: realtime crosses processes there).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import { spawn, spawnSync, execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, freePort, ensureDependencies, reexecWithNode24 } from './lib.mjs'
import { benchDatabase, pct, sleep, waitHealthy } from './bench_lib.mjs'

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=')
    return [k, v ?? true]
  })
)
const API = Number(args.api ?? 3)
const WORKERS = Number(args.workers ?? 2)
const EVENTS = Number(args.events ?? 3000)
const IN_FLIGHT = Number(args['in-flight'] ?? 16)
const USE_NGINX = Boolean(args.nginx || args['install-nginx'])
const SCENARIOS = String(args.scenarios ?? 'abcder')
const runs = (letter) => SCENARIOS.includes(letter)
const WA_SESSIONS = Number(args['wa-sessions'] ?? 12)
const WA_MESSAGES = Number(args['wa-messages'] ?? 6)
const BUILD_DIR = '.data/cluster-build'
const NGINX_DIR = join(ROOT, '.data', 'cluster-nginx')

const round = (n) => Math.round(n * 10) / 10
const processes = []

/** one node of the cluster; `restart()` starts it again on the same port */
function node(kind, index, env, port) {
  const entry = kind === 'api' ? 'server.js' : 'worker.js'
  // `env` may be swapped before a start (scenario (c) restarts the workers on the fake socket)
  const n = { kind, index, port, env, child: null, base: port ? `http://127.0.0.1:${port}` : null, log: '' }
  n.start = async () => {
    n.log = ''
    n.child = spawn(process.execPath, [`${BUILD_DIR}/core/bin/${entry}`], {
      cwd: ROOT,
      env: { ...n.env, ...(port ? { PORT: String(port) } : {}), WORKERS: kind === 'api' ? 'false' : 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    n.child.stdout.on('data', (d) => (n.log = (n.log + d).slice(-4000)))
    n.child.stderr.on('data', (d) => (n.log = (n.log + d).slice(-4000)))
    processes.push(n.child)
    if (kind === 'api') await waitHealthy(n.base, n.child)
    else
      for (let i = 0; !n.log.includes('worker started'); i++) {
        if (n.child.exitCode !== null || i > 600) throw new Error(`worker ${index} did not start: ${n.log}`)
        await sleep(100)
      }
    n.alive = true
    n.ready = true
    return n
  }
  /** SIGKILL: the harness stops sending at once (a crash); SIGTERM: only once /health says so */
  n.kill = async (signal = 'SIGKILL') => {
    if (signal === 'SIGKILL') n.alive = false
    if (n.child.exitCode !== null || n.child.signalCode !== null) return (n.alive = false)
    const exited = new Promise((r) => n.child.once('exit', r))
    n.child.kill(signal)
    await exited
    n.alive = false
    n.ready = false
  }
  /** as a load balancer's health check: every 200 ms, ready while /health answers 200 */
  n.watch = () => {
    if (!n.base || n.watching) return
    n.watching = setInterval(async () => {
      if (!n.alive) return
      // a slow answer (a loaded machine) is not a verdict; a 503 or a refused connection is
      n.ready = await fetch(`${n.base}/health`, { signal: AbortSignal.timeout(3000) }).then(
        (r) => r.status === 200,
        (e) => (e?.name === 'TimeoutError' ? n.ready : false)
      )
    }, 200)
    n.watching.unref()
  }
  return n
}

function ensureNginx() {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' }).stdout.trim()
  if (found) return found.split('\n')[0]
  if (!args['install-nginx']) throw new Error('nginx is not installed: run with --install-nginx (apt-get, as root)')
  console.log('» installing nginx (apt-get)…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env })
  if (spawnSync('apt-get', ['install', '-y', '-q', 'nginx'], { stdio: 'inherit', env }).status)
    throw new Error('apt-get install nginx failed')
  return '/usr/sbin/nginx'
}

/**
 * The load balancer's configuration. SSE needs: no proxy buffering (events would wait for a
 * full buffer), HTTP/1.1 upstream with no "Connection: close", and read timeouts longer than the
 * stream's keep-alive pings. Transmit keeps a stream's subscriptions in the process holding it,
 * so /__transmit/ is sticky per client address; everything else is balanced by least connections.
 * Only the signed webhook (idempotent by event id) is retried on another node after a failure
 * mid-request; other POSTs are not replayed by nginx.
 */
export function nginxConfig({ listen, ports, dir }) {
  const servers = (extra) =>
    ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s${extra};`).join('\n')
  return `# written by scripts/cluster.mjs
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;

  upstream balcao_api {
    least_conn;
${servers('')}
    keepalive 64;
  }
  # realtime: a client's stream and its subscribe calls must reach the same node
  upstream balcao_realtime {
    hash $remote_addr consistent;
${servers('')}
    keepalive 16;
  }

  server {
    listen ${listen};
    client_max_body_size 25m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;

    location /__transmit/ {
      proxy_pass http://balcao_realtime;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    location /channels/api/webhook/ {
      proxy_pass http://balcao_api;
      # safe to replay on another node: the event id makes a second delivery a no-op
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
    }
    location / {
      proxy_pass http://balcao_api;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`
}

async function startNginx(ports) {
  const bin = ensureNginx()
  mkdirSync(join(NGINX_DIR, 'tmp'), { recursive: true })
  const port = await freePort()
  const conf = join(NGINX_DIR, 'nginx.conf')
  writeFileSync(conf, nginxConfig({ listen: `127.0.0.1:${port}`, ports, dir: NGINX_DIR }))
  const child = spawn(bin, ['-p', NGINX_DIR, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  processes.push(child)
  for (
    let i = 0;
    !(await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false
    ));
    i++
  ) {
    if (child.exitCode !== null || i > 100) throw new Error(`nginx did not start (see ${NGINX_DIR}/error.log)`)
    await sleep(100)
  }
  return { base: `http://127.0.0.1:${port}`, conf, child }
}

async function api(base, method, path, { token, body } = {}) {
  const res = await fetch(base + path, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, json, text }
}

/** An SSE stream read as text; `waitFor(s)` resolves when `s` appears after the call. */
async function openStream(base, token, channel) {
  const uid = randomUUID()
  const ctrl = new AbortController()
  const res = await fetch(`${base}/__transmit/events?uid=${uid}&token=${encodeURIComponent(token)}`, {
    headers: { accept: 'text/event-stream' },
    signal: ctrl.signal,
  })
  if (res.status !== 200) throw new Error(`stream ${res.status}`)
  const s = { text: '', closed: false }
  ;(async () => {
    const dec = new TextDecoder()
    try {
      for await (const chunk of res.body) s.text += dec.decode(chunk, { stream: true })
    } catch {}
    s.closed = true
  })()
  const sub = await api(base, 'POST', '/__transmit/subscribe', { token, body: { uid, channel } })
  if (sub.status >= 300) throw new Error(`subscribe ${sub.status} ${sub.text}`)
  s.waitFor = async (needle, ms = 10_000) => {
    const from = s.text.length
    const t0 = performance.now()
    while (performance.now() - t0 < ms) {
      if (s.text.indexOf(needle, from) >= 0) return performance.now() - t0
      await sleep(5)
    }
    return null
  }
  s.close = () => ctrl.abort()
  return s
}

/**
 * An SSE client that survives its node: when the stream ends it opens one on the next base (nginx
 * picks the node by itself) with Last-Event-ID and subscribes again, as the browser does. Each
 * client speaks from its own loopback address (127.0.0.<10+n>), so nginx's per-address stickiness
 * spreads clients over the nodes. `since` is the replay log's id when the client starts.
 */
function failoverStream(bases, token, channel, since, n) {
  const c = { ids: [], reconnects: 0, nodes: new Set(), stopped: false }
  const localAddress = `127.0.0.${10 + n}`
  let lastId = since
  let turn = n
  let req = null
  const call = (base, path, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      req = http.request(`${base}${path}`, { method, headers, localAddress, agent: false }, resolve)
      req.on('error', reject)
      req.setTimeout(method === 'GET' ? 0 : 5000, () => req.destroy(new Error('timeout')))
      req.end(body)
    })
  ;(async () => {
    while (!c.stopped) {
      const list = bases()
      const base = list[turn % list.length]
      const uid = randomUUID()
      try {
        const res = await call(base, `/__transmit/events?uid=${uid}&token=${encodeURIComponent(token)}`, {
          headers: { 'accept': 'text/event-stream', 'last-event-id': lastId },
        })
        if (res.statusCode !== 200) throw new Error(`stream ${res.statusCode}`)
        const stream = req
        const body = JSON.stringify({ uid, channel })
        const sub = await call(base, '/__transmit/subscribe', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept': 'application/json',
            'authorization': `Bearer ${token}`,
            'content-length': Buffer.byteLength(body),
          },
          body,
        })
        sub.resume()
        if (sub.statusCode >= 300) {
          stream.destroy()
          throw new Error(`subscribe ${sub.statusCode}`)
        }
        req = stream
        c.nodes.add(base)
        let buffer = ''
        res.setEncoding('utf8')
        for await (const chunk of res) {
          buffer += chunk
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            const m = /^id: (.+)$/m.exec(block)
            if (m) c.ids.push((lastId = m[1]))
          }
        }
      } catch {}
      if (c.stopped) break
      c.reconnects++
      turn++
      await sleep(100)
    }
  })()
  c.stop = () => {
    c.stopped = true
    req?.destroy()
  }
  return c
}

/** Follows the run's replay log: the ids of every realtime event, by channel (the clients' truth). */
async function followLog(env) {
  const Redis = (await import('ioredis')).default
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 })
  const key = `${env.REDIS_PREFIX}:realtime:log`
  const top = await redis.xrevrange(key, '+', '-', 'COUNT', 1)
  const start = top[0]?.[0] ?? '0-0'
  const byChannel = new Map()
  let last = start
  let stopped = false
  const poll = async () => {
    const rows = await redis.xrange(key, `(${last}`, '+', 'COUNT', 1000)
    for (const [id, fields] of rows) {
      last = id
      for (const ch of fields[1].split(',')) {
        if (!byChannel.has(ch)) byChannel.set(ch, [])
        byChannel.get(ch).push(id)
      }
    }
    return rows.length
  }
  const loop = (async () => {
    while (!stopped) if ((await poll().catch(() => 0)) < 1000) await sleep(100)
  })()
  return {
    start,
    ids: (ch) => byChannel.get(ch) ?? [],
    async stop() {
      stopped = true
      await loop
      await poll().catch(() => 0)
      redis.disconnect()
    },
  }
}

/** SSE clients on `channel` for one scenario; `end()` waits for them to catch up and counts. */
async function sseClients(env, { bases, token, channel, count }) {
  const log = await followLog(env)
  const clients = Array.from({ length: count }, (_, n) => failoverStream(bases, token, channel, log.start, n))
  return {
    async end() {
      await sleep(300)
      await log.stop()
      const sent = log.ids(channel)
      const last = sent.at(-1)
      // caught up: each client has the last event sent (it gets them in order)
      for (let i = 0; i < 100 && last && !clients.every((c) => c.ids.at(-1) === last); i++) await sleep(100)
      for (const c of clients) c.stop()
      let missed = 0
      let doubled = 0
      for (const c of clients) {
        const have = new Set(c.ids)
        missed += sent.filter((id) => !have.has(id)).length
        doubled += c.ids.length - have.size
      }
      return {
        sseClients: count,
        sseSent: sent.length,
        sseMissed: missed,
        sseDoubled: doubled,
        sseReconnects: clients.reduce((n, c) => n + c.reconnects, 0),
        sseMoved: clients.filter((c) => c.nodes.size > 1).length,
      }
    },
  }
}

/** Deletes the run's keys (its own REDIS_PREFIX) from the shared Redis; returns how many. */
async function forgetRedisKeys(env) {
  if (!env.REDIS_URL) return 0
  const Redis = (await import('ioredis')).default
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  let cursor = '0'
  let n = 0
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}:*`, 'COUNT', 1000)
    if (keys.length) n += await redis.del(...keys)
    cursor = next
  } while (cursor !== '0')
  await redis.quit()
  return n
}

/** bullmq's connection options for REDIS_URL */
function redisOptions(env) {
  const u = new URL(env.REDIS_URL)
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    password: u.password ? decodeURIComponent(u.password) : undefined,
  }
}

/** the pid in a supervisor's owner id (`host:pid:random`, channels/whatsapp/runtime.ts) */
const ownerPid = (owner) => Number(/:(\d+):[^:]+$/.exec(owner ?? '')?.[1] ?? 0)

/** every line the fake sockets of the run's processes recorded (one file per process) */
function fakeRecords(dir) {
  let files = []
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'))
  } catch {}
  return files.flatMap((f) =>
    readFileSync(join(dir, f), 'utf8')
      .split('\n')
      .filter(Boolean)
      .flatMap((l) => {
        try {
          return [JSON.parse(l)]
        } catch {
          return [] // the last line of a process killed mid-write
        }
      })
  )
}

/**
 * Scenario (c). The workers (and a second one when there is only one) are restarted with
 * WHATSAPP_FAKE_SOCKET: their sessions sign in at once and every open and send lands in
 * `<dir>/<pid>.jsonl`. WA_SESSIONS connections are created through the API (POST /whatsapp, as an
 * admin does), a contact and an open ticket on each; WA_MESSAGES agent messages per ticket are
 * posted (POST /messages/:ticketId) by 4 senders, and once a third of them were accepted the worker
 * holding the most sessions is killed with SIGKILL. Measured: when each of its sessions opened on
 * another worker (the fake's open line, checked against wa_sessions.owner and whatsapps.status),
 * and how many times each message reached the fake socket.
 */
async function whatsappTakeover({ env, apis, workers, sql, companyId, login, lb }) {
  const dir = join(ROOT, '.data', `cluster-wa-${process.pid}`)
  rmSync(dir, { recursive: true, force: true })
  // the fake refuses NODE_ENV=production (channels/whatsapp/session/fake_socket.ts)
  const fakeEnv = { ...env, NODE_ENV: 'development', WHATSAPP_FAKE_SOCKET: dir }
  if (workers.length < 2) workers.push(node('worker', workers.length + 1, fakeEnv, null))
  for (const w of workers) {
    if (w.child) await w.kill('SIGTERM')
    w.env = fakeEnv
    await w.start()
  }
  const liveBase = () => (lb ? lb.base : apis.filter((a) => a.alive && a.ready)[0]?.base ?? apis[0].base)
  const call = async (method, path, body) => {
    for (let attempt = 0; ; attempt++) {
      const r = await api(liveBase(), method, path, { token: login.token, body }).catch((e) => ({ status: 0, text: String(e) }))
      if (r.status >= 200 && r.status < 300) return r.json
      if (attempt > 5 || (r.status >= 400 && r.status < 500)) throw new Error(`${method} ${path}: ${r.status} ${r.text}`)
      await sleep(200)
    }
  }

  await sql.query(`UPDATE plans SET connections = GREATEST(connections, $1) WHERE id = 1`, [WA_SESSIONS + 10])
  const connections = []
  for (let i = 0; i < WA_SESSIONS; i++) {
    connections.push((await call('POST', '/whatsapp', { name: `WA cluster ${i + 1}`, channel: 'whatsapp' })).id)
  }
  const sessions = async () =>
    (
      await sql.query(
        `SELECT s.whatsapp_id AS id, s.owner, w.status FROM wa_sessions s JOIN whatsapps w ON w.id = s.whatsapp_id
          WHERE s.whatsapp_id = ANY($1::int[])`,
        [connections]
      )
    ).rows
  let placed = []
  for (let i = 0; ; i++) {
    placed = await sessions()
    if (placed.length === WA_SESSIONS && placed.every((r) => r.status === 'CONNECTED' && r.owner)) break
    if (i > 600) throw new Error(`(c) sessions not all connected after 60 s: ${JSON.stringify(placed)}`)
    await sleep(100)
  }
  const held = (w) => placed.filter((r) => ownerPid(r.owner) === w.child.pid)
  const spread = workers.map((w) => held(w).length)
  const victim = workers.reduce((a, b) => (held(b).length > held(a).length ? b : a))
  const moving = new Set(held(victim).map((r) => Number(r.id)))

  // a contact and an open ticket per connection, then the agents' messages
  const queue = await call('POST', '/queue', { name: 'Cluster WA', color: '#336699' })
  const tickets = []
  for (const [i, whatsappId] of connections.entries()) {
    const contact = await call('POST', '/contacts', { name: `Cluster WA ${i + 1}`, number: String(5591000000000 + i) })
    const ticket = await call('POST', '/tickets', {
      contactId: contact.id,
      whatsappId,
      queueId: queue.id,
      status: 'open',
      userId: login.user.id,
    })
    tickets.push({ id: ticket.id, whatsappId })
  }
  const total = WA_SESSIONS * WA_MESSAGES
  const marker = (j) => `[c-${process.pid}-${j}]`
  let next = 0
  let posted = 0
  let killedAt = 0
  let queuedOnVictim = 0
  const sender = async () => {
    while (next < total) {
      const j = next++
      const t = tickets[j % tickets.length]
      const afterKill = Boolean(killedAt)
      await call('POST', `/messages/${t.id}`, { body: `mensagem ${marker(j)}` })
      if (afterKill && moving.has(Number(t.whatsappId))) queuedOnVictim++
      if (++posted === Math.floor(total / 3) && !killedAt) {
        killedAt = Date.now()
        await victim.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: 4 }, sender))

  // takeover: each moved session opened by another process after the kill, and shown CONNECTED
  let takeovers = new Map()
  for (let i = 0; ; i++) {
    const opens = fakeRecords(dir).filter((r) => r.type === 'open' && r.at >= killedAt && r.pid !== victim.child.pid)
    const now = await sessions()
    takeovers = new Map()
    for (const r of now) {
      const id = Number(r.id)
      if (!moving.has(id) || r.status !== 'CONNECTED' || ownerPid(r.owner) === victim.child.pid) continue
      const open = opens.find((o) => o.connection === id && o.pid === ownerPid(r.owner))
      if (open) takeovers.set(id, (open.at - killedAt) / 1000)
    }
    if (takeovers.size === moving.size || i > 900) break
    await sleep(100)
  }

  // every message sent (ack ≥ 1) or failed (send_error), then counted on the fake socket
  let settled = null
  let settledAt = 0
  for (let i = 0; i < 1800; i++) {
    const { rows: m } = await sql.query(
      `SELECT count(*) FILTER (WHERE ack >= 1) AS sent, count(*) FILTER (WHERE send_error IS NOT NULL) AS failed, count(*) AS n
         FROM messages WHERE company_id = $1 AND from_me AND body LIKE $2`,
      [companyId, `%[c-${process.pid}-%`]
    )
    settled = m[0]
    if (Number(settled.n) === total && Number(settled.sent) + Number(settled.failed) >= total) {
      settledAt = Date.now()
      break
    }
    await sleep(100)
  }
  const sends = fakeRecords(dir).filter((r) => r.type === 'send')
  const byMarker = new Map()
  for (const s of sends) {
    const k = /\[c-\d+-(\d+)\]/.exec(s.text ?? '')?.[1]
    if (k === undefined) continue
    if (!byMarker.has(k)) byMarker.set(k, [])
    byMarker.get(k).push(s)
  }
  let doubled = 0
  let sameId = 0
  for (const list of byMarker.values()) {
    doubled += list.length - 1
    sameId += list.length - new Set(list.map((s) => s.id)).size
  }
  // the moved sessions' messages that went out only after the kill: queued while their session had no socket
  const afterKill = sends.filter((s) => moving.has(s.connection) && s.at > killedAt)
  const lastSend = Math.max(0, ...afterKill.map((s) => s.at))
  const times = [...takeovers.values()]
  return {
    scenario: `(c) worker ${victim.index} SIGKILL holding ${moving.size} of ${WA_SESSIONS} WhatsApp sessions (${spread.join('/')})`,
    accepted: posted,
    messages: byMarker.size,
    lost: total - byMarker.size,
    doubled,
    sameIdResends: sameId,
    failedSends: Number(settled?.failed ?? 0),
    backlog: new Set(afterKill.map((s) => s.id)).size,
    postedAfterKill: queuedOnVictim,
    moved: `${takeovers.size} of ${moving.size}`,
    takeoverMax: times.length ? round(Math.max(...times)) : null,
    takeoverAll: takeovers.size === moving.size,
    drained: lastSend ? round((lastSend - killedAt) / 1000) : null,
    // every message recorded as sent: a job that was running on the killed worker waits for BullMQ's stalled check
    settled: settledAt ? round((settledAt - killedAt) / 1000) : 'no',
    waDir: dir,
    killedAt,
  }
}

async function main() {
  const { portOpen } = await import('../database/embedded_postgres.mjs')
  const pg = (await import('pg')).default
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0', // each node gets its own
    LOG_LEVEL: 'error',
    APP_KEY: randomBytes(32).toString('base64url'),
    SUPER_EMAIL: 'cluster-super@balcao.test',
    SUPER_PASSWORD: 'cluster-super-secret',
    REDIS_PREFIX: `balcao-cluster-${process.pid}`,
    STORAGE_PATH: join(ROOT, '.data', 'cluster-storage'),
    TRUST_PROXY: 'loopback',
    // the harness sends more than a real sender would: do not let the per-connection limit shape the figures
    API_WEBHOOK_PER_MINUTE: '1000000',
    // an API node answers 503 on /health this long after SIGTERM before it stops listening (the
    // harness's health check looks every 200 ms; nginx sees Connection: close, then refused connects)
    SHUTDOWN_DRAIN_MS: '2000',
    SERVER_BUILD_DIR: BUILD_DIR,
  }
  if (!env.REDIS_URL && (await portOpen(6379))) env.REDIS_URL = 'redis://127.0.0.1:6379/6'
  if (!env.REDIS_URL) throw new Error('the cluster needs Redis: set REDIS_URL or run redis-server on 127.0.0.1:6379')
  const database = await benchDatabase(`balcao_cluster_${process.pid}`, { keep: Boolean(args.keep) })
  env.DATABASE_URL = database.url
  const sql = new pg.Client({ connectionString: env.DATABASE_URL })
  sql.on('error', () => {})
  const rows = []
  try {
    // the compiled server in its own folder (others may be building build/ at the same time)
    if (
      spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-needed'], { cwd: ROOT, env, stdio: 'inherit' })
        .status
    )
      throw new Error('server build failed')
    for (const a of [['migration:run', '--force'], ['db:seed']])
      if (
        spawnSync(process.execPath, [`${BUILD_DIR}/core/bin/console.js`, ...a], {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'ignore', 'inherit'],
        }).status
      )
        throw new Error(`ace ${a[0]} failed`)

    const apis = []
    for (let i = 0; i < API; i++) apis.push(node('api', i + 1, env, await freePort()))
    const workers = Array.from({ length: WORKERS }, (_, i) => node('worker', i + 1, env, null))
    const t0 = Date.now()
    await Promise.all([...apis, ...workers].map((n) => n.start()))
    console.log(`» ${API} API + ${WORKERS} worker processes up in ${round((Date.now() - t0) / 1000)} s`)
    const lb = USE_NGINX ? await startNginx(apis.map((a) => a.port)) : null
    if (lb) console.log(`» nginx on ${lb.base} (config ${lb.conf})`)

    // a tenant with the API channel, through the API
    const base = apis[0].base
    const superLogin = await api(base, 'POST', '/auth/login', {
      body: { email: env.SUPER_EMAIL, password: env.SUPER_PASSWORD },
    })
    const superToken = superLogin.json?.token
    if (!superToken) throw new Error(`super user sign-in: ${superLogin.status} ${superLogin.text}`)
    const company = await api(base, 'POST', '/companies', {
      token: superToken,
      body: {
        name: 'Cluster Co',
        email: 'cluster-admin@balcao.test',
        planId: 1,
        password: 'cluster-admin-1',
        dueDate: '2999-01-01',
      },
    })
    if (company.status >= 300) throw new Error(`company: ${company.text}`)
    const companyId = company.json.id ?? company.json.company?.id
    const login = (
      await api(base, 'POST', '/auth/login', {
        body: { email: 'cluster-admin@balcao.test', password: 'cluster-admin-1' },
      })
    ).json
    await sql.connect()
    await sql.query(`UPDATE plans SET features = features || '{"useExternalApi": true}'::jsonb WHERE id = 1`)
    const secret = randomBytes(16).toString('hex')
    const token = randomBytes(15).toString('hex')
    await sql.query(
      `INSERT INTO whatsapps (company_id, name, channel, status, token, is_default, settings) VALUES ($1, 'API', 'api', 'CONNECTED', $2, true, $3)`,
      [companyId, token, JSON.stringify({ secret })]
    )

    /**
     * Sends `EVENTS` signed webhooks, IN_FLIGHT at a time, to nginx or round-robin over the live
     * API nodes; a sender retries an event until it has its 202 (on another node when its node is
     * gone). `during(accepted)` is called after every accepted event (to kill something mid-stream).
     */
    async function traffic(prefix, during, { until } = {}) {
      let busy = Boolean(until)
      until?.finally(() => (busy = false))
      let next = 0
      let accepted = 0
      let failed = 0
      let duplicateAnswers = 0
      const latencies = []
      const started = performance.now()
      const send = async () => {
        while (next < EVENTS || busy) {
          const i = next++
          const raw = JSON.stringify({
            id: `${prefix}-${i}`,
            from: { number: String(5597000000000 + (i % 200)), name: `C ${i % 200}` },
            body: `evento ${i}`,
          })
          for (let attempt = 0; ; attempt++) {
            const live = apis.filter((a) => a.alive && a.ready)
            if (!lb && live.length === 0) {
              // every node restarting at once (not in these scenarios): wait for one, as a proxy queues
              await sleep(50)
              attempt--
              continue
            }
            const target = lb ? lb.base : live[(i + attempt) % live.length].base
            const ts = Math.floor(Date.now() / 1000)
            const s = performance.now()
            const status = await fetch(`${target}/channels/api/webhook/${token}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-balcao-timestamp': String(ts),
                'x-balcao-signature': 'sha256=' + createHmac('sha256', secret).update(`${ts}.${raw}`).digest('hex'),
              },
              body: raw,
              signal: AbortSignal.timeout(15_000),
            }).then(
              async (r) => {
                const body = await r.json().catch(() => null)
                // a resend whose first try had been stored before its node died
                if (r.status === 202 && body?.duplicate) duplicateAnswers++
                return r.status
              },
              () => 0
            )
            if (status === 202) {
              latencies.push(performance.now() - s)
              break
            }
            failed++
            if (attempt > 50) throw new Error(`${prefix}-${i} never accepted (last ${status})`)
            await sleep(100)
          }
          accepted++
          await during?.(accepted)
        }
      }
      await Promise.all(Array.from({ length: IN_FLIGHT }, send))
      const seconds = (performance.now() - started) / 1000
      return {
        seconds: round(seconds),
        accepted,
        failed,
        duplicateAnswers,
        acceptPerSecond: round(accepted / seconds),
        p99: round(pct(latencies, 99)),
      }
    }

    /** Waits until every event of `prefix` is processed, then counts what came of them. */
    async function audit(prefix, sentAt, total = EVENTS) {
      for (let i = 0; ; i++) {
        const { rows } = await sql.query(
          `SELECT count(*) FILTER (WHERE status <> 'done') AS left FROM inbound_events
            WHERE company_id = $1 AND payload->>'providerMessageId' LIKE $2`,
          [companyId, `${prefix}-%`]
        )
        if (Number(rows[0].left) === 0) break
        if (i > 3000) throw new Error(`${prefix}: events still pending after 5 minutes`)
        await sleep(100)
      }
      const drained = (Date.now() - sentAt) / 1000
      const ev = (
        await sql.query(
          `SELECT count(*) AS n, count(DISTINCT payload->>'providerMessageId') AS ids, count(*) FILTER (WHERE attempts > 1) AS retried
             FROM inbound_events WHERE company_id = $1 AND payload->>'providerMessageId' LIKE $2`,
          [companyId, `${prefix}-%`]
        )
      ).rows[0]
      const m = (
        await sql.query(
          `SELECT count(*) AS n, count(DISTINCT wid) AS ids FROM messages WHERE company_id = $1 AND wid LIKE $2`,
          [companyId, `${prefix}-%`]
        )
      ).rows[0]
      // one open ticket per contact: two drainers racing on a contact would make two
      const unread = (
        await sql.query(
          `SELECT count(*) AS tickets, count(DISTINCT contact_id) AS contacts
             FROM tickets WHERE company_id = $1 AND id IN (SELECT ticket_id FROM messages WHERE company_id = $1 AND wid LIKE $2)`,
          [companyId, `${prefix}-%`]
        )
      ).rows[0]
      return {
        events: Number(ev.n),
        messages: Number(m.n),
        lost: total - Number(m.ids),
        doubled: Number(m.n) - Number(m.ids) + (Number(ev.n) - Number(ev.ids)),
        retried: Number(ev.retried),
        doubledTickets: Number(unread.tickets) - Number(unread.contacts),
        drained: round(drained),
      }
    }

    /** unread counters of the tickets the scenario's contacts already have (every scenario reuses the 200 contacts) */
    const unreadNow = async () =>
      Number(
        (
          await sql.query(`SELECT coalesce(sum(unread_messages), 0) AS n FROM tickets WHERE company_id = $1`, [
            companyId,
          ])
        ).rows[0].n
      )

    /** events accepted but not processed yet: the workers' backlog at the moment of a kill */
    const pendingNow = async (prefix) =>
      Number(
        (
          await sql.query(
            `SELECT count(*) AS n FROM inbound_events WHERE company_id = $1 AND status <> 'done' AND payload->>'providerMessageId' LIKE $2`,
            [companyId, `${prefix}-%`]
          )
        ).rows[0].n
      )

    /** transactions open right now on the PostgreSQL connections of process `pid` (found with ss) */
    const openTransactions = async (pid) => {
      const pgPort = Number(new URL(env.DATABASE_URL).port || 5432)
      let out = ''
      try {
        out = execFileSync('ss', ['-tnpH', 'state', 'established', `( dport = :${pgPort} )`], { encoding: 'utf8' })
      } catch {
        return 0
      }
      const ports = out
        .split('\n')
        .filter((l) => l.includes(`pid=${pid},`))
        .map((l) => Number(/:(\d+)\s+\S+:\d+\s/.exec(l)?.[1]))
        .filter(Boolean)
      if (!ports.length) return 0
      const { rows: r } = await sql.query(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE client_port = ANY($1::int[]) AND xact_start IS NOT NULL`,
        [ports]
      )
      return Number(r[0].n)
    }

    const userChannel = `company/${companyId}/user/${login.user.id}`
    const liveBases = () => (lb ? [lb.base] : apis.filter((a) => a.alive && a.ready).map((a) => a.base))
    for (const a of apis) a.watch()
    const SSE_CLIENTS = Number(args['sse-clients'] ?? 2 * API)

    // (a) an API node killed with SIGKILL under steady traffic, SSE clients on every node
    if (runs('a')) {
      const sse = await sseClients(env, { bases: liveBases, token: login.token, channel: userChannel, count: SSE_CLIENTS })
      const prior = await unreadNow()
      const sentAt = Date.now()
      let killedAt = null
      let backlog = 0
      const t = await traffic('a', async (n) => {
        if (n === Math.floor(EVENTS / 3) && !killedAt) {
          killedAt = Date.now()
          backlog = await pendingNow('a')
          await apis[0].kill('SIGKILL')
        }
      })
      const r = await auditWith(prior, 'a', sentAt)
      rows.push({ scenario: `(a) API node 1 SIGKILL${lb ? ' (via nginx)' : ''}`, ...t, ...r, backlog, ...(await sse.end()) })
      await apis[0].start() // back for the next scenarios
    }

    // (b) a worker killed with SIGKILL while it drains
    if (runs('b')) {
      const prior = await unreadNow()
      const sentAt = Date.now()
      let killed = false
      let backlog = 0
      let inTx = 0
      const t = await traffic('b', async (n) => {
        if (n === Math.floor(EVENTS / 3) && !killed) {
          killed = true
          backlog = await pendingNow('b')
          // kill it inside a batch: wait (up to 3 s) until one of its connections has a transaction open
          for (let k = 0; k < 300 && !(inTx = await openTransactions(workers[0].child.pid)); k++) await sleep(10)
          await workers[0].kill('SIGKILL')
          // with a single worker someone must take over: start it again
          if (WORKERS === 1) setTimeout(() => workers[0].start().catch((e) => console.error(e)), 2000)
        }
      })
      const r = await auditWith(prior, 'b', sentAt)
      rows.push({ scenario: `(b) worker 1 SIGKILL${WORKERS === 1 ? ' (restarted)' : ''}`, ...t, ...r, backlog, inTx })
    }

    // (d) rolling restart: every API node, then every worker, SIGTERM one at a time under traffic
    if (runs('d')) {
      const sse = await sseClients(env, { bases: liveBases, token: login.token, channel: userChannel, count: SSE_CLIENTS })
      const prior = await unreadNow()
      const sentAt = Date.now()
      const restarts = (async () => {
        await sleep(1000)
        for (const n of [...apis, ...workers]) {
          await n.kill('SIGTERM')
          await n.start()
          if (n.kind === 'api') {
            n.watch()
            // nginx marks a node it could not reach as failed for fail_timeout; give the restarted one a beat
            await sleep(lb ? 1500 : 500)
          }
        }
        await sleep(1000)
      })()
      const t = await traffic('d', null, { until: restarts })
      await restarts
      const r = await auditWith(prior, 'd', sentAt, t.accepted)
      rows.push({
        scenario: `(d) rolling restart, ${API} API + ${WORKERS} workers${lb ? ' (via nginx)' : ''}`,
        ...t,
        ...r,
        failedRequests: t.failed,
        ...(await sse.end()),
      })
    }

    // (e) Redis emptied under traffic: every key of the run's prefix deleted at once (the machine's
    // Redis is shared with other work, so never FLUSHDB: only this run's REDIS_PREFIX)
    if (runs('e')) {
      const sse = await sseClients(env, { bases: liveBases, token: login.token, channel: userChannel, count: SSE_CLIENTS })
      const prior = await unreadNow()
      const sentAt = Date.now()
      let flushed = 0
      let flushedAt = 0
      const t = await traffic('e', async (n) => {
        if (n === Math.floor(EVENTS / 3) && !flushedAt) {
          flushedAt = Date.now()
          flushed = await forgetRedisKeys(env)
        }
      })
      const r = await auditWith(prior, 'e', sentAt)
      // what the empty Redis lost comes back by itself: the repeatable jobs are registered again
      const { Queue } = await import('bullmq')
      const core = new Queue('core', { connection: redisOptions(env), prefix: env.REDIS_PREFIX })
      let rescheduled = null
      for (let i = 0; i < 600 && rescheduled === null; i++) {
        if (await core.getJobScheduler('presence-sweep').catch(() => null)) rescheduled = (Date.now() - flushedAt) / 1000
        else await sleep(100)
      }
      await core.close()
      rows.push({
        scenario: `(e) Redis emptied (${flushed} keys)${lb ? ' (via nginx)' : ''}`,
        ...t,
        ...r,
        rescheduled: rescheduled === null ? 'no' : `${round(rescheduled)} s`,
        ...(await sse.end()),
      })
    }

    // (r) realtime across nodes: stream on node 1, request to node 2 (and a stream through nginx)
    if (runs('r')) {
      const channel = `company/${companyId}/user/${login.user.id}`
      const streams = [['node 1', await openStream(apis[0].base, login.token, channel)]]
      if (lb) streams.push(['nginx', await openStream(lb.base, login.token, channel)])
      const ticket = (await sql.query(`SELECT id FROM tickets WHERE company_id = $1 ORDER BY id LIMIT 1`, [companyId]))
        .rows[0].id
      const delays = streams.map(() => [])
      let missed = 0
      for (let k = 0; k < 10; k++) {
        const status = k % 2 === 0 ? 'open' : 'pending'
        const waits = streams.map(([, s]) => s.waitFor(`"status":"${status}"`))
        const r = await api(apis[1].base, 'PUT', `/tickets/${ticket}`, {
          token: login.token,
          body: { status, userId: status === 'open' ? login.user.id : null },
        })
        if (r.status !== 200) throw new Error(`ticket update ${r.status} ${r.text}`)
        const got = await Promise.all(waits)
        got.forEach((d, j) => (d === null ? missed++ : delays[j].push(d)))
      }
      for (const [, s] of streams) s.close()
      streams.forEach(([name], j) =>
        rows.push({
          scenario: `(r) SSE on ${name}, cause on node 2`,
          sse: true,
          accepted: 10,
          received: delays[j].length,
          missed: missed,
          p99: round(pct(delays[j], 99)),
        })
      )
    }

    // (c) WhatsApp sessions on the fake socket: the worker holding the most is killed (last: it
    // restarts the workers on the fake, as development processes)
    if (runs('c')) rows.push(await whatsappTakeover({ env, apis, workers, sql, companyId, login, lb }))

    async function auditWith(prior, prefix, sentAt, total = EVENTS) {
      const r = await audit(prefix, sentAt, total)
      const after = await unreadNow()
      // unread grows by one per new message; more means an event was applied twice
      r.doubled += Math.max(0, after - prior - r.messages)
      return r
    }

    console.log('')
    // in letter order ((c) runs last, (r) is printed last)
    const order = (r) => (r.scenario[1] === 'r' ? 'z' : r.scenario[1])
    rows.sort((x, y) => order(x).localeCompare(order(y)))
    console.table(
      rows.map((r) => ({
        'scenario': r.scenario,
        'accepted': r.accepted,
        'failed tries': r.failed ?? '-',
        'accept/s': r.acceptPerSecond ?? '-',
        'accept p99 ms': r.sse ? '-' : (r.p99 ?? '-'),
        'messages': r.messages ?? r.received,
        'lost': r.lost ?? r.missed,
        'doubled': r.doubled ?? 0,
        'backlog at kill': r.backlog ?? '-',
        'doubled tickets': r.doubledTickets ?? '-',
        'already stored': r.duplicateAnswers ?? '-',
        'tx open at kill': r.inTx ?? '-',
        'drained s': r.drained ?? '-',
        'delivery p99 ms': r.sse ? r.p99 : '-',
        'SSE events × clients': r.sseClients ? `${r.sseSent} × ${r.sseClients}` : '-',
        'SSE missed': r.sseMissed ?? '-',
        'SSE doubled': r.sseDoubled ?? '-',
        'SSE reconnects': r.sseReconnects ?? '-',
        'jobs rescheduled': r.rescheduled ?? '-',
        'sessions moved': r.moved ?? '-',
        'takeover max s': r.takeoverMax ?? '-',
      }))
    )
    const bad = rows.filter(
      (r) =>
        (r.lost ?? r.missed) > 0 ||
        (r.doubled ?? 0) > 0 ||
        (r.doubledTickets ?? 0) > 0 ||
        (r.sseMissed ?? 0) > 0 ||
        (r.sseDoubled ?? 0) > 0 ||
        (r.failedRequests ?? 0) > 0 ||
        r.rescheduled === 'no' ||
        (r.moved !== undefined && (!r.takeoverAll || r.takeoverMax >= 30 || r.settled === 'no' || r.failedSends > 0))
    )
    console.log(
      bad.length
        ? `✖ ${bad.length} scenario(s) lost or doubled something${rows.some((r) => r.moved !== undefined && (!r.takeoverAll || r.takeoverMax >= 30)) ? ' (or a WhatsApp takeover took 30 s or more)' : ''}`
        : `✔ 0 lost, 0 doubled in every scenario${rows.some((r) => r.moved !== undefined) ? '; every WhatsApp session taken over within 30 s' : ''}`
    )
    const wa = rows.find((r) => r.moved !== undefined)
    if (wa)
      console.log(
        `  (c): ${wa.accepted} messages posted (${wa.postedAfterKill} on the moved sessions after the kill), ${wa.backlog} went out only after the takeover, ${wa.failedSends} marked failed, ${wa.sameIdResends} resent under the same WhatsApp id; last of them sent ${wa.drained} s after the kill, every message recorded as sent ${wa.settled} s after it`
      )
    if (bad.length) process.exitCode = 1
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    for (const c of processes) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM')
    await Promise.all(
      processes.map(
        (c) =>
          new Promise((r) => {
            if (c.exitCode !== null || c.signalCode !== null) return r()
            const hard = setTimeout(() => c.kill('SIGKILL'), 10_000)
            c.once('exit', () => (clearTimeout(hard), r()))
          })
      )
    )
    await sql.end().catch(() => {})
    if (!args.keep) rmSync(join(ROOT, '.data', `cluster-wa-${process.pid}`), { recursive: true, force: true })
    await database.drop()
    await forgetRedisKeys(env).catch(() => {})
  }
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
