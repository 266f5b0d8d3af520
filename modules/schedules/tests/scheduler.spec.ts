import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { jobs } from '#core/jobs'
import { inboxWorld, recordingDriver, startWorkers, waitFor, type InboxWorld } from '#tests/helpers/inbox'
import { createTenant, setPlanFlags } from '#tests/helpers/world'
import { clock } from '../services/clock.js'
import { runSend, SCHEDULE_QUEUE, sendJobId, sweepSchedules } from '../services/scheduler.js'
import { aContact, aSchedule } from './fixtures.js'

const row = (id: number) => db.from('schedules').where('id', id).first()
const queue = () => jobs.queue(SCHEDULE_QUEUE)

async function schedule(client: any, w: { adminToken: string }, body: Record<string, unknown>) {
  const r = await client.post('/schedules').bearerToken(w.adminToken).json(body)
  r.assertStatus(201)
  return r.body() as { id: number; sendAt: string }
}

/** a world whose contact has talked on its API connection (a live ticket there) */
async function world(): Promise<InboxWorld & { contact: { id: number; number: string; name: string } }> {
  const w = await inboxWorld()
  const contact = await aContact(w.company, 'Joana Prado')
  return { ...w, contact }
}

test.group('schedules: the scheduler', (group) => {
  group.each.setup(async () => {
    await startWorkers()
    return () => clock.reset()
  })

  test('one delayed job per schedule at its exact sendAt; an edit moves it, a delete removes it', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const at = Date.now() + 3600_000 + 1234
    const s = await schedule(client, w, {
      body: 'Lembrete da consulta',
      contactId: w.contact.id,
      sendAt: new Date(at).toISOString(),
    })
    const job = await queue().getJob(sendJobId(s.id, at))
    assert.exists(job, 'the job is named for the schedule and its time')
    assert.equal(await job!.getState(), 'delayed')
    assert.closeTo(job!.timestamp + (job!.opts.delay ?? 0), at, 1500)
    assert.equal((await row(s.id)).status, 'AGENDADA')

    const moved = at + 7 * 60_000
    await client
      .put(`/schedules/${s.id}`)
      .bearerToken(w.adminToken)
      .json({ sendAt: new Date(moved).toISOString() })
      .then((r: any) => r.assertStatus(200))
    assert.notExists(await queue().getJob(sendJobId(s.id, at)), 'the old job is gone')
    const next = await queue().getJob(sendJobId(s.id, moved))
    assert.exists(next)
    assert.closeTo(next!.timestamp + (next!.opts.delay ?? 0), moved, 1500)

    await client
      .delete(`/schedules/${s.id}`)
      .bearerToken(w.adminToken)
      .then((r: any) => r.assertStatus(204))
    assert.notExists(await queue().getJob(sendJobId(s.id, moved)), 'deleting cancels the send')
  })

  test('sent within 2 s of its time through the API channel, placeholders filled, ENVIADA', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const at = Date.now() + 2500
      const s = await schedule(client, w, {
        body: 'Olá {{firstName}}, seu número {{number}} {{unknown}}',
        contactId: w.contact.id,
        sendAt: new Date(at).toISOString(),
      })
      const sent = await waitFor(async () => driver.sent.find((m) => m.to.number === w.contact.number), 15000, 20)
      const when = Date.now()
      assert.isAtLeast(when, at - 50, 'never early')
      assert.isBelow(when - at, 2000, 'within 2 s of its time')
      assert.equal(sent.body, `Olá Joana, seu número ${w.contact.number} {{unknown}}`)
      const done = await waitFor(async () => {
        const r = await row(s.id)
        return r.status === 'ENVIADA' ? r : null
      })
      assert.isNotNull(done.sent_at)
      assert.isNotNull(done.message_id)
      assert.lengthOf(
        driver.sent.filter((m) => m.to.number === w.contact.number),
        1
      )
      // the message is on record in the contact's ticket (closed: openTicket disabled)
      const message = await db.from('messages').where('id', done.message_id).first()
      assert.equal(message.company_id, w.company.id)
      assert.equal((await db.from('tickets').where('id', message.ticket_id).first()).status, 'closed')
      // sent: read-only on the server
      const edit = await client.put(`/schedules/${s.id}`).bearerToken(w.adminToken).json({ body: 'Outra mensagem' })
      edit.assertStatus(409)
    } finally {
      driver.restore()
    }
  }).timeout(30000)

  test('controlled clock: a schedule an hour ahead goes out when the clock reaches it (sweep)', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const at = Date.now() + 3600_000
      const s = await schedule(client, w, {
        body: 'Daqui a uma hora',
        contactId: w.contact.id,
        sendAt: new Date(at).toISOString(),
      })
      // not yet: a run now is early and changes nothing
      assert.equal(await runSend({ companyId: w.company.id, scheduleId: s.id, at }), 'early')
      assert.equal((await row(s.id)).status, 'AGENDADA')
      clock.shift(3600_000 + 500)
      await sweepSchedules()
      await waitFor(async () => (await row(s.id)).status === 'ENVIADA', 15000)
      assert.lengthOf(
        driver.sent.filter((m) => m.to.number === w.contact.number),
        1
      )
    } finally {
      driver.restore()
    }
  }).timeout(30000)

  test('restart: the sweep re-creates a lost job, queues a PENDENTE row and runs an overdue one once', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      // a job lost with the store (Redis restarted empty)
      const at = Date.now() + 3600_000
      const s = await schedule(client, w, {
        body: 'Job perdido aqui',
        contactId: w.contact.id,
        sendAt: new Date(at).toISOString(),
      })
      await queue().remove(sendJobId(s.id, at))
      assert.notExists(await queue().getJob(sendJobId(s.id, at)))
      // within the horizon: the sweep looks at it
      clock.shift(3600_000 - 30_000)
      await sweepSchedules()
      assert.exists(await queue().getJob(sendJobId(s.id, at)), 'the sweep re-created it')
      clock.reset()

      // written while the queue was away: PENDENTE, no job, far ahead
      const far = await aSchedule(w, { status: 'PENDENTE' })
      await sweepSchedules()
      assert.equal((await row(far.id)).status, 'AGENDADA')
      assert.exists(await queue().getJob(sendJobId(far.id, far.sendAt.toMillis())))

      // overdue while the process was down
      const { DateTime } = await import('luxon')
      const overdue = await aSchedule(w, {
        status: 'AGENDADA',
        contactId: w.contact.id,
        sendAt: DateTime.fromMillis(Date.now() - 5000),
        body: 'Atrasada mas enviada',
      })
      await sweepSchedules()
      await sweepSchedules()
      await waitFor(async () => (await row(overdue.id)).status === 'ENVIADA', 15000)
      await sweepSchedules()
      await new Promise((r) => setTimeout(r, 300))
      assert.lengthOf(
        driver.sent.filter((m) => m.body === 'Atrasada mas enviada'),
        1
      )
    } finally {
      driver.restore()
    }
  }).timeout(30000)

  test('two concurrent runs of one send: exactly one message (the conditional UPDATE claims it)', async ({
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const { DateTime } = await import('luxon')
      const sendAt = DateTime.fromMillis(Date.now() - 1000)
      const s = await aSchedule(w, {
        status: 'AGENDADA',
        contactId: w.contact.id,
        sendAt,
        body: 'Só uma vez, por favor',
      })
      const d = { companyId: w.company.id, scheduleId: s.id, at: sendAt.toMillis() }
      const results = await Promise.all([runSend(d), runSend(d), runSend(d)])
      assert.sameMembers(results, ['sent', 'stale', 'stale'])
      const r = await row(s.id)
      const messages = await db.from('messages').where({ company_id: w.company.id, body: 'Só uma vez, por favor' })
      assert.lengthOf(messages, 1)
      assert.equal(messages[0].id, r.message_id)
      await waitFor(async () => (await row(s.id)).status === 'ENVIADA')
      assert.lengthOf(
        driver.sent.filter((m) => m.body === 'Só uma vez, por favor'),
        1
      )
      // a job for a time the schedule no longer has does nothing
      assert.equal(await runSend({ ...d, at: d.at - 60_000 }), 'stale')
    } finally {
      driver.restore()
    }
  }).timeout(30000)

  test('a failure before sending is retried with backoff, then ERRO with the reason', async ({ client, assert }) => {
    // a company without any connection
    const w = await createTenant()
    const contact = await aContact(w.company)
    const started = Date.now()
    const s = await schedule(client, w, {
      body: 'Sem conexão nenhuma',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 200).toISOString(),
    })
    const failed = await waitFor(async () => {
      const r = await row(s.id)
      return r.status === 'ERRO' ? r : null
    }, 25000)
    assert.equal(failed.error, 'ERR_SCHEDULE_NO_CONNECTION')
    assert.isNull(failed.sent_at)
    // exponential backoff from 1 s between the four tries (immediate retries would end in a few ms)
    assert.isAtLeast(Date.now() - started, 3000)
    // the row turns ERRO inside the last attempt, a moment before BullMQ counts it
    const job = await waitFor(async () => {
      const j = await queue().getJob(sendJobId(s.id, new Date(s.sendAt).getTime()))
      return j?.attemptsMade === 4 ? j : null
    }, 5000)
    assert.equal(job.attemptsMade, 4)
    const shown = await client.get(`/schedules/${s.id}`).bearerToken(w.adminToken)
    assert.include(shown.body(), { status: 'ERRO', error: 'ERR_SCHEDULE_NO_CONNECTION' })
  }).timeout(40000)

  test('a channel failure: the outbox retries; a passing glitch ends ENVIADA, a dead channel ends ERRO with its error', async ({
    client,
    assert,
  }) => {
    const w = await world()
    const other = await aContact(w.company, 'Caio Dias')
    const driver = recordingDriver((m, attempt) => {
      if (m.to.number === w.contact.number && attempt === 1) throw new Error('socket closed')
      if (m.to.number === other.number) throw new Error('channel down for good')
    })
    try {
      const soon = new Date(Date.now() + 300).toISOString()
      const glitch = await schedule(client, w, { body: 'Falha passageira', contactId: w.contact.id, sendAt: soon })
      const dead = await schedule(client, w, { body: 'Canal fora do ar', contactId: other.id, sendAt: soon })
      await waitFor(async () => (await row(glitch.id)).status === 'ENVIADA', 20000)
      const failed = await waitFor(async () => {
        const r = await row(dead.id)
        return r.status === 'ERRO' ? r : null
      }, 45000)
      assert.include(failed.error, 'channel down for good')
      assert.isNotNull(failed.sent_at, 'it went to the outbox')
      assert.isAbove(driver.attempts.size, 1)
    } finally {
      driver.restore()
    }
  }).timeout(60000)

  test('recurrence: a daily schedule sent writes its next occurrence (one day later, one send fewer)', async ({
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const { DateTime } = await import('luxon')
      const sendAt = DateTime.fromMillis(Date.now() - 500)
      const s = await aSchedule(w, {
        status: 'AGENDADA',
        contactId: w.contact.id,
        sendAt,
        body: 'Tome o remédio',
        repeatEvery: 'daily',
        repeatCount: 3,
      })
      assert.equal(await runSend({ companyId: w.company.id, scheduleId: s.id, at: sendAt.toMillis() }), 'sent')
      const next = await db
        .from('schedules')
        .where({ company_id: w.company.id, body: 'Tome o remédio' })
        .whereNot('id', s.id)
        .first()
      assert.exists(next)
      assert.equal(next.repeat_count, 2)
      assert.equal(next.repeat_every, 'daily')
      assert.isNull(next.sent_at)
      const nextAt = new Date(next.send_at).getTime()
      assert.equal(
        DateTime.fromMillis(nextAt, { zone: 'America/Sao_Paulo' }).toISO(),
        sendAt.setZone('America/Sao_Paulo').plus({ days: 1 }).toISO()
      )
      assert.equal(next.status, 'AGENDADA')
      assert.exists(await queue().getJob(sendJobId(next.id, nextAt)))
      // the last occurrence writes no other
      const last = await aSchedule(w, {
        status: 'AGENDADA',
        contactId: w.contact.id,
        sendAt,
        body: 'Última dose',
        repeatEvery: 'weekly',
        repeatCount: 1,
      })
      await runSend({ companyId: w.company.id, scheduleId: last.id, at: sendAt.toMillis() })
      const rows = await db.from('schedules').where({ company_id: w.company.id, body: 'Última dose' })
      assert.lengthOf(rows, 1)
    } finally {
      driver.restore()
    }
  }).timeout(30000)

  test('recurrence (rrule, controlled clock): each occurrence sent once, a restart recovers, an edit changes the rule', async ({
    client,
    assert,
  }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const { DateTime } = await import('luxon')
      const ZONE = 'America/Sao_Paulo'
      const body = `Série diária ${Date.now()}`
      const t0 = DateTime.fromMillis(Date.now() + 3600_000, { zone: ZONE }).set({ millisecond: 0 })
      const first = await schedule(client, w, {
        body,
        contactId: w.contact.id,
        sendAt: t0.toISO(),
        repeatEvery: 'daily',
        repeatCount: 3,
      })
      const series = () => db.from('schedules').where({ company_id: w.company.id, body }).orderBy('send_at')
      const sentOf = () => driver.sent.filter((m) => m.body === body).length
      /** moves the clock to the row's time and lets the sweep run it */
      const reach = async (at: number) => {
        clock.shift(at - clock.now() + 500)
        await sweepSchedules()
      }

      // 1st send: the next occurrence is written once, however often the sweep and a stale job run
      await reach(t0.toMillis())
      const two = await waitFor(async () => {
        const rows = await series()
        return rows.length === 2 && rows[0].sent_at ? rows : null
      }, 15000)
      await sweepSchedules()
      assert.equal(await runSend({ companyId: w.company.id, scheduleId: first.id, at: t0.toMillis() }), 'stale')
      await sweepSchedules()
      assert.lengthOf(await series(), 2, 'one next occurrence')
      assert.equal(new Date(two[1].send_at).getTime(), t0.plus({ days: 1 }).toMillis())
      assert.include(two[1], { repeat_count: 2, rrule: 'FREQ=DAILY', repeat_every: 'daily' })

      // a restart lost the 2nd job: the sweep re-creates it and it goes out once
      const secondAt = new Date(two[1].send_at).getTime()
      await queue().remove(sendJobId(two[1].id, secondAt))
      await reach(secondAt)
      const three = await waitFor(async () => {
        const rows = await series()
        return rows.length === 3 && rows[1].sent_at ? rows : null
      }, 15000)
      assert.equal(three[2].repeat_count, 1, 'the 3rd is the last of "3 times"')

      // an edit of the 3rd row's rule: weekly on the weekday two days later, twice in all
      const thirdAt = DateTime.fromMillis(new Date(three[2].send_at).getTime(), { zone: ZONE })
      const weekday = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][thirdAt.plus({ days: 2 }).weekday - 1]
      const edit = await client
        .put(`/schedules/${three[2].id}`)
        .bearerToken(w.adminToken)
        .json({ repeatEvery: 'weekly', repeatWeekdays: [weekday], repeatCount: 2, repeatUntil: null })
      edit.assertStatus(200)
      assert.include(edit.body(), { repeatEvery: 'weekly', repeatCount: 2, rrule: `FREQ=WEEKLY;BYDAY=${weekday}` })
      await reach(thirdAt.toMillis())
      const four = await waitFor(async () => {
        const rows = await series()
        return rows.length === 4 && rows[2].sent_at ? rows : null
      }, 15000)
      assert.equal(new Date(four[3].send_at).getTime(), thirdAt.plus({ days: 2 }).toMillis())
      assert.equal(four[3].repeat_count, 1)
      await reach(new Date(four[3].send_at).getTime())
      await waitFor(async () => (await series())[3].sent_at !== null, 15000)
      await sweepSchedules()
      await waitFor(async () => sentOf() === 4, 15000)
      await new Promise((r) => setTimeout(r, 300))
      const rows = await series()
      assert.lengthOf(rows, 4, 'the last send writes no other')
      assert.equal(sentOf(), 4, 'each occurrence went out once')
      const messages = await db.from('messages').where({ company_id: w.company.id, body })
      assert.lengthOf(messages, 4)
      assert.sameMembers(
        rows.map((r: any) => Number(r.message_id)),
        messages.map((m: any) => Number(m.id))
      )
    } finally {
      driver.restore()
    }
  }).timeout(60000)

  test('recurrence: an occurrence that fails before sending (ERRO) hands the series on to the next one', async ({
    assert,
  }) => {
    // a company without any connection: the send fails before the message exists
    const w = await createTenant()
    const contact = await aContact(w.company)
    const { DateTime } = await import('luxon')
    const sendAt = DateTime.fromMillis(Date.now() - 500)
    const s = await aSchedule(w, {
      status: 'AGENDADA',
      contactId: contact.id,
      sendAt,
      body: 'Série sem conexão',
      repeatEvery: 'weekly',
      repeatCount: 3,
      rrule: 'FREQ=WEEKLY',
    })
    const lastTry = { opts: { attempts: 4 }, attemptsMade: 3 } as any
    const d = { companyId: w.company.id, scheduleId: s.id, at: sendAt.toMillis() }
    assert.equal(await runSend(d, lastTry), 'error')
    // a second run finds nothing to claim and writes nothing
    assert.equal(await runSend(d, lastTry), 'stale')
    const rows = await db.from('schedules').where({ company_id: w.company.id, body: 'Série sem conexão' }).orderBy('id')
    assert.lengthOf(rows, 2, 'one next occurrence')
    assert.include(rows[0], { status: 'ERRO', error: 'ERR_SCHEDULE_NO_CONNECTION', rrule: null, repeat_count: 1 })
    assert.include(rows[1], { repeat_count: 2, rrule: 'FREQ=WEEKLY', repeat_every: 'weekly' })
    assert.equal(new Date(rows[1].send_at).getTime(), sendAt.plus({ weeks: 1 }).toMillis())
  }).timeout(30000)

  test('plan gating on the job: a company whose plan lost useSchedules does not send (ERRO)', async ({ assert }) => {
    const driver = recordingDriver()
    try {
      const w = await world()
      const { DateTime } = await import('luxon')
      const sendAt = DateTime.fromMillis(Date.now() - 500)
      const s = await aSchedule(w, { status: 'AGENDADA', contactId: w.contact.id, sendAt, body: 'Plano sem agenda' })
      await setPlanFlags(w.company.planId, { useSchedules: false })
      assert.equal(await runSend({ companyId: w.company.id, scheduleId: s.id, at: sendAt.toMillis() }), 'error')
      const r = await row(s.id)
      assert.equal(r.status, 'ERRO')
      assert.equal(r.error, 'ERR_PLAN_FEATURE_DISABLED')
      assert.lengthOf(
        driver.sent.filter((m) => m.body === 'Plano sem agenda'),
        0
      )
    } finally {
      driver.restore()
    }
  }).timeout(30000)
})
