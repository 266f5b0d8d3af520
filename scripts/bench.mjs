/**
 * npm run bench: the whole benchmark family, one after the other, summed up in
 * one table (issue 14's targets beside the figures). Each member is a script of
 * its own (scripts/bench-NAME.mjs, runnable alone); this runs them with the
 * issue's sizes, reads the JSON each prints, prints one Markdown table and
 * writes it, with every member's raw result, to .data/bench-report-<time>.md/.json.
 *
 *   npm run bench                    # everything at the issue's sizes (1M tickets, 10,000 streams): ~7 min on 2 cores
 *   npm run bench -- lists inbox     # some members only
 *   BENCH_QUICK=1 npm run bench      # small sizes (100k tickets, 2,000 streams): a smoke run
 *
 * Run it on a quiet machine: the figures are what this machine does, the load
 * average is written beside them.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, ensureDependencies, reexecWithNode24 } from './lib.mjs'

const QUICK = Boolean(process.env.BENCH_QUICK)
const STAMP = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)
const LISTS_OUT = join(ROOT, '.data', `bench-report-${STAMP}-lists.json`)

/** The issue's figures for the product this replaces (100k tickets, p50 ms): lists must be ≥ 10× faster at 1M, searches ≥ 100×. */
const PEER_P50 = {
  'tickets pending, show all (admin)': [192, 10],
  'tickets open, show all (admin)': [161, 10],
  'tickets open, own (agent, 3 queues)': [23, 10],
  'search by contact name': [1582, 100],
  'search by a word in messages': [4484, 100],
  'closed view, page 10 (admin)': [1144, 10],
  'contacts page 1': [30, 10],
  'contacts search "Cliente 77"': [93, 10],
  'messages of a ticket': [18, 10],
}

/** Members in the order they run: the script, its environment, and how its JSON becomes rows. */
const MEMBERS = {
  start: {
    script: 'bench-start.mjs',
    env: {},
    rows: (r) => [
      row('start', 'API process ready, compiled (median of 3)', { p50: r.compiled.readyMs, rss: r.compiled.idleRssMb, target: '< 10,000 ms', met: r.compiled.readyMs < 10_000 }),
      row('start', 'API process ready, TypeScript loader', { p50: r.loader.readyMs, rss: r.loader.idleRssMb }),
    ],
  },
  api: {
    script: 'bench-api.mjs',
    args: ['core'],
    env: {},
    rows: (r) =>
      r.rows.map((x) =>
        row('api', `${x.call} (${x.requests} requests, ${x.call.includes('scrypt') ? 1 : 20} in flight)`, {
          p50: x.p50,
          p95: x.p95,
          p99: x.p99,
          perSecond: x.rps,
          rss: x.rssMB,
          note: x.errors && !x.call.includes('scrypt') ? `${x.errors} errors` : x.errors ? 'a wrong password: 401 expected' : '',
        })
      ),
  },
  lists: {
    script: 'bench-lists.mjs',
    env: { BENCH_TICKETS: QUICK ? '100000' : '1000000', BENCH_OUT: LISTS_OUT },
    file: LISTS_OUT,
    rows: (r) => [
      ...r.calls.map((c) => {
        const peer = PEER_P50[c.call]
        const ratio = peer ? peer[0] / c.p50 : null
        return row(`lists (${(r.seeded.tickets / 1e6).toString()}M tickets)`, c.call, {
          p50: c.p50,
          p95: c.p95,
          p99: c.p99,
          statements: c.statements,
          target: peer ? `p95 < 15 ms, ≥ ${peer[1]}× peer` : 'p95 < 15 ms',
          met: c.p95 < 15 && (!peer || ratio >= peer[1]),
          note: peer ? `peer at 100k ÷ this: ${ratio.toFixed(0)}×` : '',
        })
      }),
      ...churnRows(r),
    ],
  },
  inbox: {
    script: 'bench-inbox.mjs',
    // 10,000 events per scenario: at thousands a second, 3,000 were over before the drainers were at speed
    env: { BENCH_REQUESTS: '20', BENCH_EVENTS: QUICK ? '3000' : '10000', BENCH_STATEMENTS: process.env.BENCH_STATEMENTS ?? '' },
    rows: (r) => {
      const ceiling = r.postgresSingleRowInsertsPerSecond
      const ingest = (label, x) =>
        row('ingest', `${label}: end to end (${x.events} events; accept latency p50/p99)`, {
          p50: x.acceptP50Ms,
          p99: x.acceptP99Ms,
          perSecond: x.endToEndPerSecond,
          statements: x.workerStatementsPerEvent,
          target: '≥ 3,000/s, ≥ 50 % of ceiling, p99 accept < 50 ms',
          met: x.endToEndPerSecond >= 3000 && x.endToEndPerSecond >= ceiling / 2 && x.acceptP99Ms < 50,
          note: `accepted ${Math.round(x.acceptPerSecond)}/s; ${Math.round((x.endToEndPerSecond / ceiling) * 100)} % of ceiling; processing p99 ${Math.round(x.processLatencyP99Ms)} ms`,
        })
      // offered on a fixed schedule: the accept latency at the target rate, and whether processing kept up
      const paced = (label, x) =>
        row('ingest', `${label}: ${x.offeredPerSecond}/s offered (${x.events} events, ${x.eventsPerRequest} per request; accept latency p50/p99)`, {
          p50: x.acceptP50Ms,
          p99: x.acceptP99Ms,
          perSecond: x.endToEndPerSecond,
          target: 'p99 accept < 50 ms, kept up',
          met: x.acceptP99Ms < 50 && x.endToEndPerSecond >= 0.9 * x.offeredPerSecond && x.processLatencyP99Ms < 1000,
          note: `processing p50/p99 ${Math.round(x.processLatencyP50Ms)}/${Math.round(x.processLatencyP99Ms)} ms`,
        })
      const batched = (x) => x && `, ${x.eventsPerRequest} events per request`
      return [
        r.inbound.newConversations && ingest('new conversations', r.inbound.newConversations),
        r.inbound.ongoingConversations && ingest('ongoing conversations', r.inbound.ongoingConversations),
        r.inbound.newConversationsBatched &&
          ingest(`new conversations${batched(r.inbound.newConversationsBatched)}`, r.inbound.newConversationsBatched),
        r.inbound.ongoingConversationsBatched &&
          ingest(`ongoing conversations${batched(r.inbound.ongoingConversationsBatched)}`, r.inbound.ongoingConversationsBatched),
        r.inbound.newConversationsPaced && paced('new conversations', r.inbound.newConversationsPaced),
        r.inbound.ongoingConversationsPaced && paced('ongoing conversations', r.inbound.ongoingConversationsPaced),
        row('ingest', 'PostgreSQL single-row inserts (ceiling, 8 clients)', { perSecond: ceiling }),
      ].filter(Boolean)
    },
  },
  outbound: {
    script: 'bench-outbound.mjs',
    env: {},
    rows: (r) => [
      row('outbound', `delivered through the API channel (${r.messages} messages, ${r.workers} worker)`, {
        perSecond: r.deliveredPerSecond,
        target: '≥ 1,000/s, exactly once',
        met: r.deliveredPerSecond >= 1000 && r.duplicates === 0 && r.delivered >= r.messages,
        note: `${r.duplicates} duplicates; arrival p99 ${r.arrivalMs.p99} ms after the first`,
      }),
      row('outbound', 'agent sends accepted (POST /messages, 32 clients)', {
        p50: r.accepted.p50Ms,
        p99: r.accepted.p99Ms,
        perSecond: r.accepted.perSecond,
        statements: r.accepted.statementsPerMessage,
      }),
    ],
  },
  campaign: {
    script: 'bench-campaign.mjs',
    env: { BENCH_RECIPIENTS: QUICK ? '2000' : '10000' },
    rows: (r) => [
      row('campaign', `${r.recipients} recipients, zero interval, worker process`, {
        perSecond: r.sendsPerSecond,
        p50: r.outboxMsPerMessage.p50,
        p99: r.outboxMsPerMessage.p99,
        met: r.duplicates === 0 && r.recipientsReached === r.recipients,
        target: 'each recipient once',
        note: `dispatcher ${r.dispatcher.perSecond}/s; latency = dispatcher to receiver`,
      }),
    ],
  },
  export: {
    script: 'bench-export.mjs',
    env: { BENCH_CONTACTS: QUICK ? '50000' : '200000' },
    rows: (r) => [
      row('export', `contacts sheet of ${r.contacts.toLocaleString('en-US')} contacts, a job in the API process`, {
        perSecond: r.job.rowsPerSecond,
        p50: r.job.authMeWhileExportingMs.p50,
        p99: r.job.authMeWhileExportingMs.p99,
        rss: r.job.rssPeakAboveIdleMb,
        note: `${r.job.seconds} s to the file (${r.job.fileMb} MB); RSS = peak above idle; latency = GET /auth/me meanwhile`,
      }),
    ],
  },
  reports: {
    script: 'bench-export.mjs',
    env: { BENCH_EXPORT: 'report', BENCH_CONTACTS: QUICK ? '50000' : '200000' },
    rows: (r) =>
      ['xlsx', 'csv'].map((format) =>
        row('reports', `dashboard calls report of ${r.sessions.toLocaleString('en-US')} rows as ${format}, a job`, {
          perSecond: r[format].rowsPerSecond,
          p50: r[format].authMeWhileExportingMs.p50,
          p99: r[format].authMeWhileExportingMs.p99,
          rss: r[format].rssPeakAboveIdleMb,
          note: `${r[format].seconds} s to the file (${r[format].fileMb} MB); RSS = peak above idle; latency = GET /auth/me meanwhile`,
        })
      ),
  },
  realtime: {
    script: 'bench-realtime.mjs',
    env: { BENCH_STREAMS: QUICK ? '2000' : '10000' },
    rows: (r) => [
      row('realtime', `${r.streams} signed-in SSE streams, ${r.processes} API process; a ticket event to all`, {
        p50: r.deliveryMs.p50,
        p99: r.deliveryMs.p99,
        rss: r.rssMb.withStreams.reduce((a, b) => a + b, 0),
        target: 'p99 < 250 ms, none missing',
        met: r.deliveryMs.p99 < 250 && r.missing === 0,
        note: `${r.kbPerStream} KB per stream; ${r.missing} missing; idle RSS ${r.rssMb.idle.join(' + ')} MB`,
      }),
    ],
  },
}

/** The lists again with a share of the tickets and contacts updated since their last VACUUM: one row a share. */
function churnRows(r) {
  const [fresh, ...levels] = r.churn?.levels ?? []
  if (!fresh) return []
  const p50At = new Map(fresh.calls.map((c) => [c.call, c.p50]))
  return levels.map((level) => {
    const ratios = level.calls.map((c) => c.p50 / p50At.get(c.call)).sort((a, b) => a - b)
    const worst = level.calls.reduce((a, b) => (b.p95 > a.p95 ? b : a))
    const share = `${Math.round(level.updated * 100)} %`
    return row('lists', `every call again, ${share} of tickets and contacts updated since their last VACUUM`, {
      p95: worst.p95,
      note: `p50 ÷ just vacuumed: median ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}×, highest ${ratios.at(-1).toFixed(2)}×; p95 is the slowest call's (${worst.call}); autovacuum comes at 2 % since stop 49`,
    })
  })
}

function row(benchmark, measure, { p50 = '', p95 = '', p99 = '', perSecond = '', statements = '', rss = '', target = '', met = null, note = '' } = {}) {
  return { benchmark, measure, p50, p95, p99, perSecond, statements, rss, target, met, note }
}

/** Runs one member; its progress goes to our stderr, its stdout is kept for the JSON at its end. */
function runMember(name, member) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [join('scripts', member.script), ...(member.args ?? [])], {
      cwd: ROOT,
      env: { ...process.env, ...member.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      try {
        const json = member.file ? readFileSync(member.file, 'utf8') : out.slice(out.lastIndexOf('\n{\n') + 1 || out.indexOf('{'))
        const raw = JSON.parse(json)
        resolve({ name, code, seconds, raw, rows: member.rows(raw) })
      } catch (error) {
        resolve({ name, code, seconds, raw: null, rows: [row(name, 'failed', { note: `exit ${code}: ${String(error.message).slice(0, 120)}` })] })
      }
    })
  })
}

/** Whole numbers from 100 up, three significant digits below. */
const cell = (v) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? Math.abs(v) >= 100
        ? Math.round(v).toLocaleString('en-US')
        : String(Number(v.toPrecision(3)))
      : String(v)

function markdown(results, header) {
  const lines = [
    header,
    '',
    '| benchmark | measure | p50 ms | p95 ms | p99 ms | per second | statements | RSS MB | target | met | note |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ]
  for (const r of results)
    for (const x of r.rows)
      lines.push(
        `| ${[x.benchmark, x.measure, x.p50, x.p95, x.p99, x.perSecond, x.statements, x.rss, x.target, x.met === null ? '' : x.met ? 'yes' : 'no', x.note]
          .map(cell)
          .join(' | ')} |`
      )
  return lines.join('\n') + '\n'
}

async function main() {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((w) => !MEMBERS[w])
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(MEMBERS).join(', ')}`)
  const names = wanted.length ? wanted : Object.keys(MEMBERS)
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).stdout?.toString().trim() || 'unknown'
  const load = loadavg().map((n) => n.toFixed(1)).join(' ')
  const results = []
  for (const name of names) {
    console.error(`\n=== bench ${name} (${MEMBERS[name].script}) ===`)
    results.push(await runMember(name, MEMBERS[name]))
  }
  const header = [
    `# Balcão benchmarks, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Commit ${commit}; ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; load average at the start ${load}, at the end ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}; ${QUICK ? 'BENCH_QUICK sizes' : "the issue's sizes"}. Seconds per member: ${results.map((r) => `${r.name} ${r.seconds}`).join(', ')}.`,
  ].join('\n')
  const table = markdown(results, header)
  mkdirSync(join(ROOT, '.data'), { recursive: true })
  const file = join(ROOT, '.data', `bench-report-${STAMP}`)
  writeFileSync(`${file}.md`, table)
  writeFileSync(`${file}.json`, JSON.stringify({ commit, load, quick: QUICK, results }, null, 2))
  console.log(table)
  console.log(`written to .data/bench-report-${STAMP}.md (and .json: every member's raw result)`)
  if (results.some((r) => r.code)) process.exitCode = 1
}

ensureDependencies()
if (!reexecWithNode24(fileURLToPath(import.meta.url))) await main()
