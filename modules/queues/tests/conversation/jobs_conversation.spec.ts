import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { jobs } from '#core/jobs'
import { createUser } from '#tests/helpers/world'
import { closeInactiveTickets, expireRatings, redirectQueueless, rotateQueues } from '../../engine/automations.js'
import { CONVERSATION_QUEUE, dispatchCompanyAutomations } from '../../engine/jobs.js'
import { waitFor } from '#tests/helpers/inbox'
import { company, type Chat, type Company } from './dsl.js'

let current: Company | null = null
const open = async (connection: Record<string, unknown> = {}) => (current = await company(connection))
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000)

async function holdBy(chat: Chat, userId: number | null, status = 'open') {
  const t = await chat.ticket()
  await db.from('tickets').where('id', t.id).update({ status, user_id: userId })
  return t.id as number
}

async function agentOf(c: Company, queueId: number, fields: Record<string, unknown>) {
  const u = await createUser(c.world.company, fields as any)
  await db.table('user_queues').insert({ user_id: u.user.id, queue_id: queueId })
  return u.user
}

test.group('conversation jobs', (group) => {
  group.each.teardown(async () => {
    await current?.close()
    current = null
  })

  test('inactivity: warning after timeInactiveMessage, auto-close after expiresTicket more; idempotent', async ({
    assert,
  }) => {
    const c = await open({
      expires_ticket: 10,
      time_inactive_message: 5,
      inactive_message: 'Ainda está aí, {{firstName}}?',
      expires_inactive_message: 'Encerramos por inatividade.',
      when_expires_ticket: 0,
    })
    await c.queue({ name: 'Geral' })
    const admin = c.world.admin
    const m = c.contact('Mário Prates')
    await m.says('oi')
    const id = await holdBy(m, admin.id)
    const run = (now: Date) => tenancy.run(c.id, () => closeInactiveTickets(now))

    await run(inMinutes(4))
    assert.deepEqual(await m.newReplies(), [], 'not idle long enough')
    await run(inMinutes(6))
    assert.deepEqual(await m.newReplies(), ['Ainda está aí, Mário?'])
    assert.isTrue((await m.ticket()).send_inactive_message)
    await run(inMinutes(7))
    assert.deepEqual(await m.newReplies(), [], 'the warning goes once')

    // the close comes expiresTicket + timeInactiveMessage after the warning
    await run(inMinutes(14))
    assert.equal((await m.ticket()).status, 'open')
    await run(inMinutes(16))
    assert.deepEqual(await m.newReplies(), ['Encerramos por inatividade.'])
    const t = await db.from('tickets').where('id', id).first()
    assert.equal(t.status, 'closed')
    assert.equal((await m.logs()).at(-1), 'autoClose')
    await run(inMinutes(60))
    assert.deepEqual(await m.newReplies(), [])
  })

  test('inactivity: a reply resets the warning; whenExpiresTicket=1 only when the last message was ours; pending never auto-closes', async ({
    assert,
  }) => {
    const c = await open({
      expires_ticket: 10,
      time_inactive_message: 5,
      inactive_message: 'Oi?',
      when_expires_ticket: 1,
    })
    await c.queue({ name: 'Geral' })
    const run = (now: Date) => tenancy.run(c.id, () => closeInactiveTickets(now))
    const p = c.contact('P')
    await p.says('oi')
    await holdBy(p, c.world.admin.id)
    // the contact spoke last: not "ours", nothing happens
    await run(inMinutes(30))
    assert.deepEqual(await p.newReplies(), [])
    await db
      .from('tickets')
      .where('id', (await p.ticket()).id)
      .update({ from_me: true })
    await run(inMinutes(6))
    assert.deepEqual(await p.newReplies(), ['Oi?'])
    await p.says('estou sim')
    assert.isFalse((await p.ticket()).send_inactive_message, 'the reply resets the warning')

    const q = c.contact('Q')
    await q.says('oi')
    await holdBy(q, null, 'pending')
    await db
      .from('tickets')
      .where('id', (await q.ticket()).id)
      .update({ from_me: true, send_inactive_message: true })
    await run(inMinutes(120))
    assert.equal((await q.ticket()).status, 'pending')
  })

  test('NPS expiry (expiresTicketNPS) closes tickets waiting for a rating with the completion message', async ({
    assert,
  }) => {
    const c = await open({ expires_ticket_nps: 30, complation_message: 'Obrigado!', rating_message: 'Nota?' })
    await c.queue({ name: 'Geral' })
    const r = c.contact('R')
    await r.says('oi')
    await holdBy(r, c.world.admin.id, 'nps')
    const run = (now: Date) => tenancy.run(c.id, () => expireRatings(now))
    await run(inMinutes(29))
    assert.equal((await r.ticket()).status, 'nps')
    await run(inMinutes(31))
    assert.equal((await r.ticket()).status, 'closed')
    assert.deepEqual(await r.newReplies(), ['Obrigado!'])
    assert.equal((await r.logs()).at(-1), 'autoClose')
    await run(inMinutes(90))
    assert.deepEqual(await r.newReplies(), [])
  })

  test('rotation: online agents (never admins or offline) take waiting tickets; idle ones move on', async ({
    assert,
  }) => {
    const c = await open()
    const q = await c.queue({ name: 'Rodízio', ativarRoteador: true, tempoRoteador: 5 })
    await c.set({ userRandom: 'disabled', sendGreetingMessageOneQueues: 'disabled' })
    const bruno = await agentOf(c, q.id, { name: 'Bruno', online: true })
    const alice = await agentOf(c, q.id, { name: 'Alice', online: true })
    await agentOf(c, q.id, { name: 'Aaron offline', online: false })
    await agentOf(c, q.id, { name: 'Aadmin', online: true, profile: 'admin' })
    const t = c.contact('T')
    await t.says('oi')
    const run = (now: Date, random?: () => number) => tenancy.run(c.id, () => rotateQueues(now, random))

    await run(new Date())
    assert.equal((await t.ticket()).user_id, alice.id, 'in turn by name: Alice first')
    assert.equal((await t.ticket()).status, 'pending')
    assert.include(await t.logs(), 'userDefine')
    await run(inMinutes(2))
    assert.equal((await t.ticket()).user_id, alice.id, 'not idle long enough')
    await run(inMinutes(6))
    assert.equal((await t.ticket()).user_id, bruno.id, 'idle longer than tempoRoteador: the other agent')

    // userRandom: a random online agent, with the "please wait" message when enabled
    await c.set({ userRandom: 'enabled', sendGreetingMessageOneQueues: 'enabled' })
    const u = c.contact('U')
    await u.says('oi')
    await run(new Date(), () => 0.99)
    assert.equal((await u.ticket()).user_id, bruno.id)
    assert.deepEqual(await u.newReplies(), ['Por favor, aguarde: estamos localizando um atendente para você.'])
  })

  test('redirect (sendIdQueue/timeSendQueue): pending tickets without a queue move after N minutes', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Menu' })
    await c.queue({ name: 'A' })
    const target = await c.queue({ name: 'Triagem' })
    await c.connection({ send_id_queue: target.id, time_send_queue: 5 })
    const v = c.contact('V')
    await v.says('oi')
    assert.isNull((await v.ticket()).queue_id)
    const run = (now: Date) => tenancy.run(c.id, () => redirectQueueless(now))
    await run(inMinutes(4))
    assert.isNull((await v.ticket()).queue_id)
    await run(inMinutes(6))
    const t = await v.ticket()
    assert.equal(t.queue_id, target.id)
    assert.equal((await v.logs()).at(-1), 'redirect')
    assert.deepEqual(await v.newReplies(), [], 'no message to the customer')
  })

  test('the jobs are registered: the sweep dispatches one job per company and the worker runs it', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Menu' })
    await c.queue({ name: 'A' })
    const target = await c.queue({ name: 'Triagem' })
    await c.connection({ send_id_queue: target.id, time_send_queue: 1 })
    const v = c.contact('V')
    await v.says('oi')
    await v.ago(5)

    const schedulers = await jobs.queue(CONVERSATION_QUEUE).getJobSchedulers()
    assert.include(
      schedulers.map((s: any) => s.key ?? s.id),
      'conversation-sweep'
    )
    const now = new Date()
    const count = await dispatchCompanyAutomations(now)
    assert.isAtLeast(count, 1)
    const jobId = `automations-${c.id}-${Math.floor(now.getTime() / 60_000)}`
    assert.exists(await jobs.queue(CONVERSATION_QUEUE).getJob(jobId))
    // the worker runs the company's job: the ticket is redirected
    await waitFor(async () => (await v.ticket()).queue_id === target.id, 15_000)
  })
})
