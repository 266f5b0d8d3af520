import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { closedAllDay, company, everyDay, mainMenu, openAllDay, type Company } from './dsl.js'

let current: Company[] = []
const open = async (connection: Record<string, unknown> = {}) => {
  const c = await company(connection)
  current.push(c)
  return c
}

/** A shift that contains "now" in the zone, and one that does not. */
/** A shift of today, in `zone`, that holds the current time (clamped at midnight, never wrapping). */
function shiftAround(zone: string) {
  const now = DateTime.now().setZone(zone)
  const from = now.minus({ minutes: 30 })
  const to = now.plus({ minutes: 30 })
  const start = from.day === now.day ? from.toFormat('HH:mm') : '00:00'
  const end = to.day === now.day ? to.toFormat('HH:mm') : '23:59'
  return { inside: [start, end] as [string, string] }
}

function shiftElsewhere(zone: string): [string, string] {
  const now = DateTime.now().setZone(zone)
  const from = now.plus({ hours: 2 })
  const to = now.plus({ hours: 3 })
  if (from.day !== now.day || to.day !== now.day) {
    const earlier = now.minus({ hours: 3 })
    return [earlier.toFormat('HH:mm'), now.minus({ hours: 2 }).toFormat('HH:mm')]
  }
  return [from.toFormat('HH:mm'), to.toFormat('HH:mm')]
}

test.group('conversation: hours, vacation, audio, LGPD and NPS', (group) => {
  group.each.teardown(async () => {
    // driver doubles are stacked: restore the last one first
    for (const c of current.reverse()) await c.close()
    current = []
  })

  test('collective vacation on the connection answers every message and nothing else runs', async ({ assert }) => {
    const today = DateTime.now().setZone('America/Sao_Paulo')
    const c = await open({
      greeting_message: 'Menu',
      collective_vacation_message: 'Estamos em férias coletivas até {{date}}.',
      collective_vacation_start: today.minus({ days: 1 }).toISODate(),
      collective_vacation_end: today.plus({ days: 1 }).toISODate(),
    })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    const p = c.contact('P')
    const [reply] = await p.says('oi')
    assert.match(reply, /^Estamos em férias coletivas até \d{2}-\d{2}-\d{4}\.$/)
    assert.isNull((await p.ticket()).queue_id)
    // outside the dates: the normal menu
    await c.connection({
      collective_vacation_start: today.minus({ days: 9 }).toISODate(),
      collective_vacation_end: today.minus({ days: 2 }).toISODate(),
    })
    assert.deepEqual(await p.says('oi'), [mainMenu('Menu', ['A', 'B'])])
  })

  test('audio refusal: acceptAudioMessageContact disabled, or the contact refuses audio', async ({ assert }) => {
    const c = await open({ greeting_message: 'Menu' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    await c.set({ acceptAudioMessageContact: 'disabled' })
    const r = c.contact('R')
    const replies = await r.sendsAudio()
    assert.deepEqual(replies, [
      'Desculpe, não conseguimos ouvir mensagens de áudio. Por favor, escreva sua mensagem em texto para continuarmos.',
    ])
    const reply = await db.from('messages').where({ company_id: c.id, from_me: true }).orderBy('id', 'desc').first()
    const audio = await db.from('messages').where({ company_id: c.id, from_me: false, media_type: 'audio' }).first()
    assert.equal(reply.quoted_msg_id, audio.id, 'the refusal quotes the audio, which is still stored')

    await c.set({ acceptAudioMessageContact: 'enabled' })
    assert.deepEqual(await r.sendsAudio(), [mainMenu('Menu', ['A', 'B'])], 'accepted audio: the menu as usual')
    await db.from('contacts').where({ company_id: c.id, number: r.number }).update({ accept_audio_message: false })
    assert.lengthOf(await r.sendsAudio(), 1)
    assert.match((await r.replies()).at(-1)!, /^Desculpe/)
  })

  test('out of hours (scheduleType company) in each company time zone, with A/B shifts', async ({ assert }) => {
    // two companies on opposite sides of the world, the same schedule text
    const tokyo = await open({ greeting_message: 'Menu', out_of_hours_message: 'Fechado agora, {{firstName}}.' })
    const saoPaulo = await open({ greeting_message: 'Menu', out_of_hours_message: 'Fechado agora.' })
    await tokyo.company({ timezone: 'Asia/Tokyo' })
    await saoPaulo.company({ timezone: 'America/Sao_Paulo' })
    for (const c of [tokyo, saoPaulo]) {
      await c.queue({ name: 'A' })
      await c.queue({ name: 'B' })
      await c.set({ scheduleType: 'company' })
    }
    const tokyoShift = shiftAround('Asia/Tokyo')
    // Tokyo's current time is inside shift B; for São Paulo (12 hours apart) the same times are out of hours
    const schedule = everyDay(shiftElsewhere('Asia/Tokyo'), tokyoShift.inside)
    await tokyo.company({ schedules: schedule })
    await saoPaulo.company({ schedules: schedule })

    assert.deepEqual(await tokyo.contact('Ken').says('oi'), [mainMenu('Menu', ['A', 'B'])])
    const ana = saoPaulo.contact('Ana Paula')
    assert.deepEqual(await ana.says('oi'), ['Fechado agora.'])
    const t = await ana.ticket()
    assert.isTrue(t.is_out_of_hour)
    assert.isNull(t.queue_id)
    assert.equal(t.amount_used_bot_queues, 1)
  })

  test('out of hours (scheduleType connection) uses the connection schedule and the bot limits', async ({ assert }) => {
    const c = await open({
      greeting_message: 'Menu',
      out_of_hours_message: 'Estamos fora do horário.',
      max_use_bot_queues: 2,
      schedules: closedAllDay(),
    })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    await c.set({ scheduleType: 'connection' })
    const z = c.contact('Z')
    assert.deepEqual(await z.says('oi'), ['Estamos fora do horário.'])
    assert.deepEqual(await z.says('oi?'), ['Estamos fora do horário.'])
    assert.deepEqual(await z.says('alô'), [], 'maxUseBotQueues reached')
    await c.connection({ schedules: openAllDay() })
    await db
      .from('tickets')
      .where('id', (await z.ticket()).id)
      .update({ amount_used_bot_queues: 0 })
    assert.deepEqual(await z.says('oi'), [mainMenu('Menu', ['A', 'B'])])
    assert.isFalse((await z.ticket()).is_out_of_hour)
  })

  test('out of hours (scheduleType queue): the chosen queue answers with its own text', async ({ assert }) => {
    const c = await open({ greeting_message: 'Menu' })
    const closed = await c.queue({
      name: 'Noturna',
      outOfHoursMessage: 'A fila {{queue}} abre amanhã.',
      schedules: closedAllDay(),
    })
    await c.queue({ name: 'Aberta', schedules: openAllDay(), greetingMessage: 'Bem-vindo' })
    await c.set({ scheduleType: 'queue' })
    const k = c.contact('K')
    await k.says('oi')
    assert.deepEqual(await k.says('1'), ['A fila Noturna abre amanhã.'])
    const t = await k.ticket()
    assert.equal(t.queue_id, closed.id)
    assert.isTrue(t.is_out_of_hour)
    // later messages in that queue keep getting the queue's text, within the limits
    assert.deepEqual(await k.says('alguém?'), ['A fila Noturna abre amanhã.'])
    const other = c.contact('O')
    await other.says('oi')
    assert.deepEqual(await other.says('2'), ['Bem-vindo'])
  })

  test('LGPD: the ticket starts in lgpd, prompt + link + question, 1 accepts and shows the menu', async ({
    assert,
  }) => {
    const c = await open({ greeting_message: 'Menu' })
    await c.queue({ name: 'A' })
    await c.queue({ name: 'B' })
    await c.set({
      enableLGPD: 'enabled',
      lgpdMessage: 'Olá {{firstName}}, tratamos seus dados conforme a LGPD.',
      lgpdLink: 'https://example.test/privacidade',
    })
    const l = c.contact('Luiza Alves')
    assert.deepEqual(await l.says('oi'), [
      'Olá Luiza, tratamos seus dados conforme a LGPD.',
      'https://example.test/privacidade',
      'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não',
    ])
    let t = await l.ticket()
    assert.equal(t.status, 'lgpd')
    assert.deepEqual(await l.logs(), ['create', 'lgpd'])
    // anything else: the prompt again
    assert.lengthOf(await l.says('hã?'), 3)
    assert.deepEqual(await l.says('1'), [mainMenu('Menu', ['A', 'B'])])
    t = await l.ticket()
    assert.equal(t.status, 'pending')
    assert.isNotNull(t.lgpd_accepted_at)
    assert.isNotNull((await l.contactRow()).lgpd_accepted_at)

    // an accepted contact is not asked again on the next ticket (lgpdConsent off)
    await db.from('tickets').where('id', t.id).update({ status: 'closed' })
    const next = await l.says('voltei')
    assert.deepEqual(next, [mainMenu('Menu', ['A', 'B'])])
    assert.equal((await l.ticket()).status, 'pending')

    // lgpdConsent: asked on every ticket
    await c.set({ lgpdConsent: 'enabled' })
    await db
      .from('tickets')
      .where('id', (await l.ticket()).id)
      .update({ status: 'closed' })
    assert.lengthOf(await l.says('de novo'), 3)
    assert.equal((await l.ticket()).status, 'lgpd')
  })

  test('LGPD: 2 refuses and closes with the completion message', async ({ assert }) => {
    const c = await open({ greeting_message: 'Menu', complation_message: 'Tudo bem, até mais.' })
    await c.queue({ name: 'A' })
    await c.set({ enableLGPD: 'enabled', lgpdMessage: 'Aviso LGPD' })
    const n = c.contact('N')
    assert.deepEqual(await n.says('oi'), [
      'Aviso LGPD',
      'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não',
    ])
    assert.deepEqual(await n.says('2'), ['Tudo bem, até mais.'])
    assert.equal((await n.ticket()).status, 'closed')
    assert.isNull((await n.contactRow()).lgpd_accepted_at)
  })

  test('controlled clock: the same schedule read in São Paulo and Tokyo time, shifts A and B and the gap', async ({
    assert,
  }) => {
    const schedule = everyDay(['08:00', '12:00'], ['13:00', '18:00'])
    const sp = await open({ greeting_message: 'Menu', out_of_hours_message: 'Fechado', max_use_bot_queues: 0 })
    const tk = await open({ greeting_message: 'Menu', out_of_hours_message: 'Fechado', max_use_bot_queues: 0 })
    await sp.company({ timezone: 'America/Sao_Paulo', schedules: schedule })
    await tk.company({ timezone: 'Asia/Tokyo', schedules: schedule })
    const chats = []
    for (const c of [sp, tk]) {
      await c.queue({ name: 'A' })
      await c.queue({ name: 'B' })
      const chat = c.contact('Hora Certa')
      await chat.says('oi') // scheduleType still disabled: the ticket exists, menu sent
      await c.set({ scheduleType: 'company' })
      chats.push(chat)
    }
    const [inSaoPaulo, inTokyo] = chats
    const at = (iso: string) => new Date(iso)
    // Monday 14:30 UTC: 11:30 in São Paulo (shift A), 23:30 in Tokyo (closed)
    assert.deepEqual(await inSaoPaulo.saysAt('x', at('2026-11-23T14:30:00Z')), [mainMenu('Menu', ['A', 'B'])])
    assert.deepEqual(await inTokyo.saysAt('x', at('2026-11-23T14:30:00Z')), ['Fechado'])
    // 15:30 UTC: 12:30 in São Paulo, between the shifts
    assert.deepEqual(await inSaoPaulo.saysAt('x', at('2026-11-23T15:30:00Z')), ['Fechado'])
    // 17:00 UTC: 14:00 in São Paulo (shift B)
    assert.deepEqual(await inSaoPaulo.saysAt('x', at('2026-11-23T17:00:00Z')), [mainMenu('Menu', ['A', 'B'])])
    // Tuesday 01:00 UTC: 10:00 in Tokyo (shift A), 22:00 Monday in São Paulo (closed)
    assert.deepEqual(await inTokyo.saysAt('x', at('2026-11-24T01:00:00Z')), [mainMenu('Menu', ['A', 'B'])])
    assert.deepEqual(await inSaoPaulo.saysAt('x', at('2026-11-24T01:00:00Z')), ['Fechado'])
  })
})
