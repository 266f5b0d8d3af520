import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import { DateTime } from 'luxon'
import {
  inboxWorld,
  ingest,
  message,
  recordingDriver,
  startWorkers,
  waitFor,
  waitProcessed,
  type InboxWorld,
} from '#tests/helpers/inbox'
import { createConnection } from '#tests/helpers/inbox'
import { uid } from '#tests/helpers/world'
import { AppError } from '#core/errors'
import { tenancy } from '#core/tenancy'
import { saveSettings } from '../services/campaign_settings.js'
import { clock } from '../services/clock.js'
import { runTick, startCampaign } from '../services/dispatcher.js'

const ZONE = 'America/Sao_Paulo'
/** Wednesday 2 December 2026, 10:00 in São Paulo */
const WED_10 = DateTime.fromISO('2026-12-02T10:00:00', { zone: ZONE }).toMillis()

async function listWith(client: any, w: InboxWorld, n: number) {
  const list = await client
    .post('/contact-lists')
    .bearerToken(w.adminToken)
    .json({ name: `Lista ${uid()}` })
  const numbers: string[] = []
  for (let i = 0; i < n; i++) {
    const number = `55119${String(Date.now()).slice(-6)}${i}${Math.floor(Math.random() * 10)}`
    numbers.push(number)
    const r = await client
      .post('/contact-list-items')
      .bearerToken(w.adminToken)
      .json({ name: `Pessoa ${i} Silva`, number, email: `p${i}@example.test`, contactListId: list.body().id })
    r.assertStatus(201)
  }
  return { listId: list.body().id as number, numbers }
}

async function settings(client: any, w: InboxWorld, s: Record<string, unknown>) {
  const r = await client.post('/campaign-settings').bearerToken(w.adminToken).json(s)
  r.assertStatus(200)
}

const ALWAYS = { startHour: '00:00', endHour: '23:59', sabado: true, domingo: true }

const shippings = (campaignId: number) => db.from('campaign_shippings').where('campaign_id', campaignId).orderBy('id')
const pacer = (w: InboxWorld, whatsappId = w.whatsapp.id) =>
  db.from('campaign_pacers').where({ company_id: w.company.id, whatsapp_id: whatsappId }).first()
const status = async (id: number) => (await db.from('campaigns').where('id', id).first()).status

async function createCampaign(client: any, w: InboxWorld, body: Record<string, unknown>) {
  const r = await client
    .post('/campaigns')
    .bearerToken(w.adminToken)
    .json({ name: `Camp ${uid()}`, whatsappId: String(w.whatsapp.id), ...body })
  r.assertStatus(201)
  return r.body().id as number
}

test.group('campaigns: dispatcher through the API channel', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    return () => clock.reset()
  })

  test('a scheduled campaign runs once: one shipping row per recipient, one message each, FINALIZADA', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        ...ALWAYS,
        variables: [{ key: 'loja', value: 'Loja Centro' }],
      })
      const { listId, numbers } = await listWith(client, w, 5)
      const id = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Oi {primeiroNome}, ofertas da {loja} para {numero}',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      // a replayed start (a second worker, a sweep) changes nothing
      await startCampaign(w.company.id, id)
      await startCampaign(w.company.id, id)
      await waitFor(async () => (await status(id)) === 'FINALIZADA', 20000)

      const rows = await shippings(id)
      assert.lengthOf(rows, 5)
      assert.sameMembers(
        rows.map((r: any) => r.number),
        numbers
      )
      for (const r of rows) {
        assert.equal(r.status, 'delivered')
        assert.isNotNull(r.delivered_at)
        assert.isNotNull(r.message_id)
      }
      const mine = driver.sent.filter((m) => numbers.includes(m.to.number))
      assert.lengthOf(mine, 5, 'exactly one send per recipient')
      assert.sameMembers(
        mine.map((m) => m.to.number),
        numbers
      )
      const first = mine.find((m) => m.to.number === numbers[0])!
      assert.equal(first.body, `Oi Pessoa, ofertas da Loja Centro para ${numbers[0]}`)
      const campaign = await db.from('campaigns').where('id', id).first()
      assert.isNotNull(campaign.completed_at)
      // openTicket disabled: the message is on record in a closed ticket, nobody's queue
      const tickets = await db.from('tickets').where({ company_id: w.company.id }).select('status')
      assert.isTrue(tickets.length === 5 && tickets.every((t: any) => t.status === 'closed'))
      const report = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
      assert.include(report.body().counters, { valid: 5, delivered: 5, failed: 0, pending: 0 })
      // the report's rows as xlsx, made by a job, in the language asked
      const sheet = async (lang: string) => {
        const started = await client.post(`/campaigns/${id}/exports`).bearerToken(w.adminToken).json({ lang })
        started.assertStatus(202)
        const { exportId, total } = started.body()
        assert.equal(total, 5)
        let state: any
        for (let i = 0; i < 100; i++) {
          state = (await client.get(`/campaigns/${id}/exports/${exportId}`).bearerToken(w.adminToken)).body()
          if (state.status === 'done' || state.status === 'failed') break
          await new Promise((r) => setTimeout(r, 100))
        }
        assert.deepEqual(state, { status: 'done', done: 5, total: 5 })
        const file = await fetch(
          `http://${process.env.HOST}:${process.env.PORT}/campaigns/${id}/exports/${exportId}/file`,
          {
            headers: { authorization: `Bearer ${w.adminToken}` },
          }
        )
        assert.equal(file.status, 200)
        const wb = new ExcelJS.Workbook()
        await wb.xlsx.load((await file.arrayBuffer()) as any)
        const lines: string[][] = []
        wb.worksheets[0].eachRow((row) => lines.push((row.values as any[]).slice(1, 5).map(String)))
        return { rows: lines, name: wb.worksheets[0].name }
      }
      const pt = await sheet('pt')
      assert.deepEqual(pt.rows[0], ['Nome', 'Número', 'E-mail', 'Situação'])
      assert.sameMembers(
        pt.rows.slice(1).map((r) => r[1]),
        numbers
      )
      assert.isTrue(pt.rows.slice(1).every((r) => r[3] === 'Entregue'))
      const en = await sheet('en')
      assert.equal(en.name, 'Report')
      assert.deepEqual(en.rows[0], ['Name', 'Number', 'E-mail', 'Status'])
      assert.isTrue(en.rows.slice(1).every((r) => r[3] === 'Delivered'))
      const es = await sheet('es')
      assert.deepEqual(es.rows[0], ['Nombre', 'Número', 'Correo electrónico', 'Estado'])
      assert.isTrue(es.rows.slice(1).every((r) => r[3] === 'Entregado'))
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('a campaign to a tag sends to the active contacts carrying it', async ({ client, assert }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const [tag] = await db
        .table('tags')
        .insert({ company_id: w.company.id, name: `VIP ${uid()}`, color: '#ff0000' })
        .returning('id')
      const numbers = ['5521988880001', '5521988880002', '5521988880003']
      const contacts = await db
        .table('contacts')
        .insert([
          { company_id: w.company.id, name: 'Ana Tag', number: numbers[0] },
          { company_id: w.company.id, name: 'Bia Tag', number: numbers[1] },
          { company_id: w.company.id, name: 'Inativo', number: numbers[2], active: false },
        ])
        .returning('id')
      await db.table('contact_tags').multiInsert(contacts.map((c: any) => ({ contact_id: c.id, tag_id: tag.id })))
      const id = await createCampaign(client, w, {
        tagListId: tag.id,
        message1: 'Oi {primeiroNome}',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      await waitFor(async () => (await status(id)) === 'FINALIZADA', 20000)
      assert.sameMembers(
        (await shippings(id)).map((r: any) => r.number),
        numbers.slice(0, 2)
      )
      assert.sameMembers(
        driver.sent.filter((m) => numbers.includes(m.to.number)).map((m) => m.body),
        ['Oi Ana', 'Oi Bia']
      )
      // another company's tag is unknown here
      const other = await inboxWorld()
      const [foreign] = await db
        .table('tags')
        .insert({ company_id: other.company.id, name: 'X', color: '#00ff00' })
        .returning('id')
      const r = await client
        .post('/campaigns')
        .bearerToken(w.adminToken)
        .json({ name: 'Alheia', tagListId: foreign.id })
      r.assertStatus(404)
      assert.equal(r.body().error, 'ERR_NO_TAG_FOUND')
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('a campaign with media sends it with the message as caption', async ({ client, assert }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const { listId, numbers } = await listWith(client, w, 1)
      const id = await createCampaign(client, w, { contactListId: listId, message1: 'Veja, {primeiroNome}!' })
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64'
      )
      ;(
        await client
          .post(`/campaigns/${id}/media-upload`)
          .bearerToken(w.adminToken)
          .file('file', png, { filename: 'oferta.png' })
      ).assertStatus(200)
      ;(
        await client
          .put(`/campaigns/${id}`)
          .bearerToken(w.adminToken)
          .json({ scheduledAt: new Date(Date.now() - 1000).toISOString() })
      ).assertStatus(200)
      await waitFor(async () => (await status(id)) === 'FINALIZADA', 20000)
      const sent = driver.sent.find((m) => m.to.number === numbers[0])!
      assert.equal(sent.kind, 'media')
      assert.equal(sent.body, 'Veja, Pessoa!')
      assert.equal(sent.mediaType, 'image')
      assert.match(String(sent.mediaUrl), /\/media\//)
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('pacing with a controlled clock: randomised interval, longer pause, window, next allowed day', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      // every 2 sends a longer pause (the screen offers 5 and up; the dispatcher takes any count)
      await tenancy.run(w.company.id, () =>
        saveSettings({
          messageInterval: 20,
          longerIntervalAfter: 2,
          greaterInterval: 60,
          startHour: '09:00',
          endHour: '18:00',
          sabado: false,
          domingo: false,
        })
      )
      const { listId, numbers } = await listWith(client, w, 4)
      clock.freeze(WED_10)
      const id = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Oi {nome}',
        scheduledAt: new Date(WED_10).toISOString(),
      })
      await startCampaign(w.company.id, id)
      assert.equal(await status(id), 'EM_ANDAMENTO')
      assert.lengthOf(await shippings(id), 4, 'every row is written at the start, before any send')

      await runTick(w.company.id, id)
      const queued = async () => (await shippings(id)).filter((r: any) => r.status !== 'pending').length
      assert.equal(await queued(), 1)
      const next1 = new Date((await pacer(w)).next_at).getTime()
      // 20 s randomised within ±50 %
      assert.isAtLeast(next1 - WED_10, 10_000)
      assert.isAtMost(next1 - WED_10, 30_000)

      // not due yet: nothing more goes out
      clock.freeze(next1 - 1)
      await runTick(w.company.id, id)
      assert.equal(await queued(), 1)

      clock.freeze(next1)
      await runTick(w.company.id, id)
      assert.equal(await queued(), 2)
      // the second send of the number is followed by the longer pause
      assert.equal(new Date((await pacer(w)).next_at).getTime(), next1 + 60_000)

      // after endHour: no send, the pacer waits for Thursday 09:00 in the company's zone
      const wed1830 = DateTime.fromISO('2026-12-02T18:30:00', { zone: ZONE }).toMillis()
      clock.freeze(wed1830)
      await runTick(w.company.id, id)
      assert.equal(await queued(), 2)
      const thu9 = DateTime.fromISO('2026-12-03T09:00:00', { zone: ZONE }).toMillis()
      assert.equal(new Date((await pacer(w)).next_at).getTime(), thu9)
      assert.equal(new Date((await db.from('campaigns').where('id', id).first()).next_tick_at).getTime(), thu9)

      // Friday evening → Monday 09:00 (Saturday and Sunday off)
      clock.freeze(thu9)
      await runTick(w.company.id, id)
      assert.equal(await queued(), 3)
      const fri1830 = DateTime.fromISO('2026-12-04T18:30:00', { zone: ZONE }).toMillis()
      clock.freeze(fri1830)
      await runTick(w.company.id, id)
      const mon9 = DateTime.fromISO('2026-12-07T09:00:00', { zone: ZONE }).toMillis()
      assert.equal(new Date((await pacer(w)).next_at).getTime(), mon9)
      assert.equal(await queued(), 3)

      clock.freeze(mon9)
      await runTick(w.company.id, id)
      assert.equal(await queued(), 4)
      // every row settles with the channel's ack, then the campaign finishes at the clock's time
      await waitFor(
        async () => {
          await runTick(w.company.id, id)
          return (await status(id)) === 'FINALIZADA'
        },
        15000,
        300
      )
      const done = await db.from('campaigns').where('id', id).first()
      assert.equal(new Date(done.completed_at).getTime(), mon9)
      await waitFor(async () => driver.sent.filter((m) => numbers.includes(m.to.number)).length === 4)
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('two campaigns on one number share its pace; two ticks at once send once', async ({ client, assert }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 30, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const a = await listWith(client, w, 2)
      const b = await listWith(client, w, 2)
      clock.freeze(WED_10)
      const ca = await createCampaign(client, w, {
        contactListId: a.listId,
        message1: 'A',
        scheduledAt: new Date(WED_10).toISOString(),
      })
      const cb = await createCampaign(client, w, {
        contactListId: b.listId,
        message1: 'B',
        scheduledAt: new Date(WED_10).toISOString(),
      })
      await startCampaign(w.company.id, ca)
      await startCampaign(w.company.id, cb)
      await Promise.all([runTick(w.company.id, ca), runTick(w.company.id, cb), runTick(w.company.id, ca)])
      const sentRows = await db
        .from('campaign_shippings')
        .whereIn('campaign_id', [ca, cb])
        .whereNot('status', 'pending')
      assert.lengthOf(sentRows, 1, 'one number, one send per interval, whatever the campaigns')
      const next = new Date((await pacer(w)).next_at).getTime()
      clock.freeze(next)
      await Promise.all([runTick(w.company.id, cb), runTick(w.company.id, ca)])
      assert.lengthOf(
        await db.from('campaign_shippings').whereIn('campaign_id', [ca, cb]).whereNot('status', 'pending'),
        2
      )

      // a second connection paces on its own
      const other = await createConnection(w.company)
      const c = await listWith(client, w, 1)
      const cc = await client
        .post('/campaigns')
        .bearerToken(w.adminToken)
        .json({
          name: 'Outra',
          whatsappId: String(other.id),
          contactListId: c.listId,
          message1: 'C',
          scheduledAt: new Date(next).toISOString(),
        })
      await startCampaign(w.company.id, cc.body().id)
      await runTick(w.company.id, cc.body().id)
      assert.equal((await shippings(cc.body().id))[0].status === 'pending', false)
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('cancel drops pending sends at once; restart skips what was sent', async ({ client, assert }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 60, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const { listId, numbers } = await listWith(client, w, 3)
      clock.freeze(WED_10)
      const id = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Oi',
        scheduledAt: new Date(WED_10).toISOString(),
      })
      await startCampaign(w.company.id, id)
      await runTick(w.company.id, id)
      ;(await client.post(`/campaigns/${id}/cancel`).bearerToken(w.adminToken)).assertStatus(204)
      const afterCancel = await shippings(id)
      assert.deepEqual(
        afterCancel.map((r: any) => r.status === 'pending'),
        [false, false, false]
      )
      assert.equal(afterCancel.filter((r: any) => r.status === 'cancelled').length, 2)
      clock.freeze(WED_10 + 3600_000)
      assert.isNull(await runTick(w.company.id, id), 'a cancelled campaign ends its chain')
      assert.equal((await shippings(id)).filter((r: any) => r.status === 'cancelled').length, 2)

      ;(await client.post(`/campaigns/${id}/restart`).bearerToken(w.adminToken)).assertStatus(204)
      await runTick(w.company.id, id)
      const rows = await shippings(id)
      assert.equal(rows.filter((r: any) => r.message_id !== null).length, 2)
      assert.equal(rows.filter((r: any) => r.status === 'pending').length, 1)
      await waitFor(async () => driver.sent.filter((m) => numbers.includes(m.to.number)).length === 2)
      await new Promise((r) => setTimeout(r, 500))
      const perNumber = new Map<string, number>()
      for (const m of driver.sent) perNumber.set(m.to.number, (perNumber.get(m.to.number) ?? 0) + 1)
      assert.isTrue(
        [...perNumber.values()].every((n) => n === 1),
        'nobody got a message twice'
      )
    } finally {
      driver.restore()
    }
  }).timeout(40000)
})

test.group('campaigns: daily cap and agents at work', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    return () => clock.reset()
  })

  test('the daily cap of a number stops it for the day; the next day continues at startHour', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        startHour: '09:00',
        endHour: '18:00',
        sabado: false,
        domingo: false,
        dailyLimit: 2,
      })
      const { listId } = await listWith(client, w, 3)
      clock.freeze(WED_10)
      const id = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Oi',
        scheduledAt: new Date(WED_10).toISOString(),
      })
      await startCampaign(w.company.id, id)
      await runTick(w.company.id, id)
      await runTick(w.company.id, id)
      const sent = async () => (await shippings(id)).filter((r: any) => r.status !== 'pending').length
      assert.equal(await sent(), 2)
      const thu9 = DateTime.fromISO('2026-12-03T09:00:00', { zone: ZONE }).toMillis()
      assert.equal(new Date((await pacer(w)).next_at).getTime(), thu9)
      clock.freeze(thu9)
      await runTick(w.company.id, id)
      assert.equal(await sent(), 3)
      assert.equal((await pacer(w)).day_count, 1)
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test('with skipAgentTickets a contact in an open ticket with an agent is skipped', async ({ client, assert }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const { listId, numbers } = await listWith(client, w, 2)
      // numbers[0] is talking with an agent
      await ingest(w, message(w.whatsapp.id, numbers[0], 'preciso de ajuda'))
      await waitFor(async () => db.from('contacts').where({ company_id: w.company.id, number: numbers[0] }).first())
      const contact = await db.from('contacts').where({ company_id: w.company.id, number: numbers[0] }).first()
      await waitFor(async () => db.from('tickets').where({ contact_id: contact.id }).first())
      await db.from('tickets').where({ contact_id: contact.id }).update({ status: 'open', user_id: w.admin.id })
      const id = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Promoção',
        skipAgentTickets: true,
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      await waitFor(async () => (await status(id)) === 'FINALIZADA', 20000)
      const rows = await shippings(id)
      assert.deepEqual(
        rows.map((r: any) => [r.number, r.status]).sort(),
        [
          [numbers[0], 'skipped'],
          [numbers[1], 'delivered'],
        ].sort()
      )
      assert.lengthOf(
        driver.sent.filter((m) => m.to.number === numbers[0]),
        0
      )
      const report = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
      assert.include(report.body().counters, { skipped: 1, delivered: 1 })
    } finally {
      driver.restore()
    }
  }).timeout(40000)
})

test.group('campaigns: replies through the API channel', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    return () => clock.reset()
  })

  test('with confirmation: the question goes first, the reply confirms, then the real message goes', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const { listId, numbers } = await listWith(client, w, 2)
      const id = await createCampaign(client, w, {
        contactListId: listId,
        confirmation: true,
        confirmationMessage1: 'Olá {primeiroNome}, posso enviar as ofertas? Responda SIM.',
        message1: 'Ofertas para {nome}',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      const sentTo = (n: string) => driver.sent.filter((m) => m.to.number === n).map((m) => m.body)
      await waitFor(async () => sentTo(numbers[0]).length === 1 && sentTo(numbers[1]).length === 1)
      assert.deepEqual(sentTo(numbers[0]), ['Olá Pessoa, posso enviar as ofertas? Responda SIM.'])
      const asked = await shippings(id)
      assert.isTrue(asked.every((r: any) => r.status === 'confirming' && r.confirmation_requested_at !== null))
      // nobody answered yet: the campaign waits
      assert.equal(await status(id), 'EM_ANDAMENTO')

      await ingest(w, message(w.whatsapp.id, numbers[0], 'Sim, pode mandar'))
      await waitFor(async () => sentTo(numbers[0]).length === 2)
      assert.deepEqual(sentTo(numbers[0]), [
        'Olá Pessoa, posso enviar as ofertas? Responda SIM.',
        'Ofertas para Pessoa 0 Silva',
      ])
      await new Promise((r) => setTimeout(r, 300))
      assert.lengthOf(sentTo(numbers[1]), 1, 'no answer, no real message')
      const rows = await shippings(id)
      const confirmed = rows.find((r: any) => r.number === numbers[0])
      assert.isNotNull(confirmed.confirmed_at)
      await waitFor(
        async () => (await db.from('campaign_shippings').where('id', confirmed.id).first()).status === 'delivered'
      )
      const report = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
      assert.include(report.body().counters, { confirmationRequested: 2, confirmed: 1, delivered: 1 })
    } finally {
      driver.restore()
    }
  }).timeout(40000)

  test("the confirmation question's acks settle the row: delivered, read, failed; each recipient counted once", async ({
    client,
    assert,
  }) => {
    let refuse = ''
    // the channel refuses the question to one number for good (a permanent error fails it at once)
    const driver = recordingDriver((m) => {
      if (m.to.number === refuse) throw new AppError('ERR_WAPP_INVALID_CONTACT', 422, { details: { permanent: true } })
    })
    try {
      const w = await inboxWorld()
      await settings(client, w, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, ...ALWAYS })
      const { listId, numbers } = await listWith(client, w, 3)
      refuse = numbers[2]
      const id = await createCampaign(client, w, {
        contactListId: listId,
        confirmation: true,
        confirmationMessage1: 'Posso enviar as ofertas, {primeiroNome}?',
        message1: 'Ofertas para {nome}',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      const row = async (n: string) => db.from('campaign_shippings').where({ campaign_id: id, number: n }).first()
      const sentTo = (n: string) => driver.sent.filter((m) => m.to.number === n)
      // the channel took the questions (ack 1): their delivery is on the rows, not the offer's
      await waitFor(async () => {
        const [a, b] = [await row(numbers[0]), await row(numbers[1])]
        return Boolean(a?.confirmation_delivered_at && b?.confirmation_delivered_at)
      }, 20000)
      const a = await row(numbers[0])
      assert.equal(a.status, 'confirming')
      assert.isNull(a.delivered_at)
      assert.isNull(a.confirmation_read_at)
      // the refused question fails its row (no answer can come), with the channel's reason
      await waitFor(async () => (await row(numbers[2]))?.status === 'failed', 20000)
      const failed = await row(numbers[2])
      assert.isNotNull(failed.failed_at)
      assert.include(failed.error, 'ERR_WAPP_INVALID_CONTACT')

      // the API channel reports the first question read
      const question = await db.from('messages').where('id', a.confirmation_message_id).first()
      await ingest(w, {
        kind: 'ack',
        whatsappId: w.whatsapp.id,
        providerMessageId: question.wid,
        ack: 3,
        contact: { number: numbers[0] },
      })
      // while only answers are awaited the chain looks once a minute: a tick now reads the ack
      await waitFor(
        async () => {
          await runTick(w.company.id, id)
          return (await row(numbers[0])).confirmation_read_at !== null
        },
        20000,
        300
      )

      // the second answers: its question counts read too, the offer goes and is delivered, then read
      await ingest(w, message(w.whatsapp.id, numbers[1], 'Pode sim'))
      await waitFor(async () => (await row(numbers[1])).status === 'delivered', 20000)
      const b = await row(numbers[1])
      assert.isNotNull(b.confirmation_read_at)
      const offer = await db.from('messages').where('id', b.message_id).first()
      await ingest(w, {
        kind: 'ack',
        whatsappId: w.whatsapp.id,
        providerMessageId: offer.wid,
        ack: 3,
        contact: { number: numbers[1] },
      })
      await waitFor(
        async () => {
          await runTick(w.company.id, id)
          return (await row(numbers[1])).read_at !== null
        },
        20000,
        300
      )

      assert.lengthOf(sentTo(numbers[0]), 1, 'no answer, no offer')
      assert.deepEqual(
        sentTo(numbers[1]).map((m) => m.body),
        ['Posso enviar as ofertas, Pessoa?', 'Ofertas para Pessoa 1 Silva']
      )
      assert.lengthOf(sentTo(numbers[2]), 0)
      const report = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
      assert.deepInclude(report.body().counters, {
        valid: 3,
        pending: 0,
        confirmationRequested: 3,
        confirmationDelivered: 2,
        confirmationRead: 2,
        confirmed: 1,
        delivered: 1,
        read: 1,
        failed: 1,
      })
      // late acks of a question change nothing once its row moved on
      await ingest(w, {
        kind: 'ack',
        whatsappId: w.whatsapp.id,
        providerMessageId: question.wid,
        ack: 3,
        contact: { number: numbers[0] },
      })
      await waitProcessed(w.company.id)
      await new Promise((r) => setTimeout(r, 1100))
      await runTick(w.company.id, id)
      const again = await client.get(`/campaigns/${id}`).bearerToken(w.adminToken)
      assert.include(again.body().counters, { confirmationRead: 2, failed: 1, delivered: 1 })
      assert.equal(await status(id), 'EM_ANDAMENTO', 'the unanswered question is still awaited')
    } finally {
      driver.restore()
    }
  }).timeout(60000)

  test('an opt-out keyword skips the number now and in every later campaign, and the report counts it', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await inboxWorld()
      await settings(client, w, {
        messageInterval: 0,
        longerIntervalAfter: 0,
        greaterInterval: 0,
        ...ALWAYS,
        optOutKeywords: ['sair', 'stop'],
      })
      const { listId, numbers } = await listWith(client, w, 2)
      const first = await createCampaign(client, w, {
        contactListId: listId,
        confirmation: true,
        confirmationMessage1: 'Quer receber ofertas? Responda SAIR para não receber mais.',
        message1: 'Ofertas',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      await waitFor(async () => (await shippings(first)).every((r: any) => r.status === 'confirming'))
      await waitFor(async () => numbers.every((n) => driver.sent.some((m) => m.to.number === n)))
      // accents, case and a final dot do not matter
      await ingest(w, message(w.whatsapp.id, numbers[1], ' Sáir. '))
      await waitFor(async () => (await shippings(first)).some((r: any) => r.status === 'opted_out'))
      const optOut = await db.from('campaign_opt_outs').where({ company_id: w.company.id, number: numbers[1] }).first()
      assert.equal(optOut.keyword, 'SAIR')
      assert.equal(optOut.campaign_id, first)

      const second = await createCampaign(client, w, {
        contactListId: listId,
        message1: 'Nova oferta',
        scheduledAt: new Date(Date.now() - 1000).toISOString(),
      })
      await waitFor(async () => (await status(second)) === 'FINALIZADA', 20000)
      const rows = await shippings(second)
      assert.deepEqual(
        rows.map((r: any) => [r.number, r.status]).sort(),
        [
          [numbers[0], 'delivered'],
          [numbers[1], 'opted_out'],
        ].sort()
      )
      assert.deepEqual(
        driver.sent.filter((m) => m.to.number === numbers[1]).map((m) => m.body),
        ['Quer receber ofertas? Responda SAIR para não receber mais.']
      )
      const report = await client.get(`/campaigns/${second}`).bearerToken(w.adminToken)
      assert.include(report.body().counters, { delivered: 1, optedOut: 1 })
    } finally {
      driver.restore()
    }
  }).timeout(40000)
})
