/**
 * A 10,000-recipient campaign with zero intervals through the API channel
 * (its callback is a local HTTP receiver): sends per second end to end, and
 * the dispatcher's pace (claim the row, find or create the contact and ticket,
 * store the message and hand it to the outbox), measured from the shipping
 * rows' sent_at. Dispatcher and outbox share one API process.
 */
import { createServer } from 'node:http'

export const name = 'campaigns'
const RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 10_000)

export async function run({ api, db, login, env }) {
  let first = 0
  let last = 0
  let received = 0
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      received++
      last = Date.now()
      if (!first) first = last
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const hook = `http://127.0.0.1:${server.address().port}/hook`
  try {
    const superToken = await login(env.SUPER_EMAIL, env.SUPER_PASSWORD)
    const asSuper = { authorization: `Bearer ${superToken}` }
    const plan = await (
      await api('/plans', {
        method: 'POST',
        headers: asSuper,
        body: JSON.stringify({
          name: `Bench camp ${Date.now()}`,
          users: 10,
          connections: 10,
          queues: 10,
          amount: 0,
          useCampaigns: true,
          useExternalApi: true,
        }),
      })
    ).json()
    const email = `bench-camp-${Date.now()}@bench.test`
    const company = await (
      await api('/companies', {
        method: 'POST',
        headers: asSuper,
        body: JSON.stringify({ name: `Bench camp ${Date.now()}`, email, planId: plan.id, password: 'bench-pass' }),
      })
    ).json()
    const headers = { authorization: `Bearer ${await login(email, 'bench-pass')}` }
    const post = async (path, body) => {
      const r = await api(path, { method: 'POST', headers, body: JSON.stringify(body) })
      if (!r.ok) throw new Error(`${path} → ${r.status} ${await r.text()}`)
      return r.json()
    }
    const conn = await post('/whatsapp', { name: 'Bench API', channel: 'api', settings: { callbackUrl: hook } })
    await post('/campaign-settings', {
      messageInterval: 0,
      longerIntervalAfter: 0,
      greaterInterval: 0,
      startHour: '00:00',
      endHour: '23:59',
      sabado: true,
      domingo: true,
    })
    const list = await post('/contact-lists', { name: 'Bench' })
    await db.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
       SELECT $1::int, $2::int, 'Pessoa ' || g, (5511900000000 + g)::text FROM generate_series(1, $3::int) g`,
      [company.id, list.id, RECIPIENTS]
    )
    const started = Date.now()
    const campaign = await post('/campaigns', {
      name: 'Bench',
      message1: 'Olá {nome}, oferta de hoje',
      contactListId: list.id,
      whatsappId: String(conn.id),
      scheduledAt: new Date(started - 1000).toISOString(),
    })
    const deadline = started + 30 * 60_000
    for (;;) {
      const { rows } = await db.query('SELECT status FROM campaigns WHERE id = $1 AND company_id = $2', [
        campaign.id,
        company.id,
      ])
      if (rows[0].status === 'FINALIZADA') break
      if (Date.now() > deadline) throw new Error(`campaign not finished: ${received} of ${RECIPIENTS} received`)
      await new Promise((r) => setTimeout(r, 500))
    }
    const finished = Date.now()
    // sent_at: when the dispatcher stored the message and handed it to the outbox
    const { rows: span } = await db.query(
      `SELECT extract(epoch FROM max(sent_at) - min(sent_at)) * 1000 AS ms, count(sent_at)::int AS n
         FROM campaign_shippings WHERE company_id = $1 AND campaign_id = $2`,
      [company.id, campaign.id]
    )
    const dispatchMs = Number(span[0].ms)
    return [
      {
        call: `campaign of ${RECIPIENTS} (zero intervals, API channel)`,
        received,
        sendsPerSecond: Math.round((received / Math.max(1, last - first)) * 1000),
        totalSeconds: Math.round((finished - started) / 100) / 10,
        dispatcherMsPerMessage: Math.round((dispatchMs / Math.max(1, span[0].n)) * 100) / 100,
      },
    ]
  } finally {
    server.close()
  }
}
