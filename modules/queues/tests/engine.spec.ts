import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isWithinHours } from '../engine/business_hours.js'
import { greetingFor, renderPlaceholders } from '../engine/placeholders.js'
import { botMayAnswer } from '../engine/bot_limits.js'
import { TEXTS, chosenNumber, menu, ratingOf } from '../engine/texts.js'

const week = (a: [string, string], b: [string, string] = ['', '']) =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
    weekdayEn: d,
    startTimeA: a[0],
    endTimeA: a[1],
    startTimeB: b[0],
    endTimeB: b[1],
  }))

test.group('service hours', () => {
  test('shifts A and B in the company time zone, not the server clock', ({ assert }) => {
    const schedules = week(['08:00', '12:00'], ['13:00', '18:00'])
    const at = DateTime.fromISO('2026-11-23T14:30:00Z') // a Monday
    assert.isTrue(isWithinHours(schedules, 'America/Sao_Paulo', at)) // 11:30
    assert.isFalse(isWithinHours(schedules, 'Asia/Tokyo', at)) // 23:30
    assert.isFalse(isWithinHours(schedules, 'America/Sao_Paulo', DateTime.fromISO('2026-11-23T15:30:00Z'))) // 12:30 lunch
    assert.isTrue(isWithinHours(schedules, 'America/Sao_Paulo', DateTime.fromISO('2026-11-23T16:00:00Z'))) // 13:00
  })

  test('empty start is midnight, empty end closes the shift, a day without entry is open, overnight wraps', ({
    assert,
  }) => {
    const at = DateTime.fromISO('2026-11-23T03:00:00Z') // Monday 00:00 in São Paulo
    assert.isTrue(isWithinHours(week(['', '06:00']), 'America/Sao_Paulo', at))
    assert.isFalse(isWithinHours(week(['08:00', '']), 'America/Sao_Paulo', at))
    assert.isTrue(
      isWithinHours([{ weekdayEn: 'sunday', startTimeA: '08:00', endTimeA: '09:00' }], 'America/Sao_Paulo', at)
    )
    assert.isTrue(isWithinHours(week(['22:00', '06:00']), 'America/Sao_Paulo', at))
  })
})

test.group('placeholders', () => {
  test('render every variable in the company time zone; unknown ones stay', ({ assert }) => {
    const now = DateTime.fromISO('2026-11-23T12:05:09.123Z') // 09:05 in São Paulo
    const text = renderPlaceholders(
      '{{ms}}, {{firstName}}! Ticket {{ticket_id}} ({{queue}}/{{connection}}) com {{userName}} da {{name_company}} em {{date}} {{hour}} — {{data_hora}} #{{protocol}} {{unknown}}',
      {
        contactName: 'Ana Maria Souza',
        ticketId: 42,
        userName: 'Bruno',
        queueName: 'Vendas',
        connectionName: 'Loja',
        companyName: 'Empresa X',
        timezone: 'America/Sao_Paulo',
        now,
      }
    )
    assert.equal(
      text,
      'Bom dia, Ana! Ticket 42 (Vendas/Loja) com Bruno da Empresa X em 23-11-2026 9:05:09 — 23-11-2026 às 9:05:09 #20261123050912342 {{unknown}}'
    )
    assert.equal(greetingFor(5), 'Boa madrugada')
    assert.equal(greetingFor(12), 'Boa tarde')
    assert.equal(greetingFor(18), 'Boa noite')
  })
})

test.group('bot limits', () => {
  test('max uses and real elapsed minutes between answers', ({ assert }) => {
    const now = new Date('2026-11-23T10:00:00Z')
    assert.isTrue(botMayAnswer({ amountUsed: 0, lastAt: null }, 3, 10, now))
    assert.isFalse(botMayAnswer({ amountUsed: 3, lastAt: null }, 3, 0, now))
    assert.isTrue(botMayAnswer({ amountUsed: 30, lastAt: null }, 0, 0, now))
    // 09:55 + 10 min is 10:05: not yet, even though the minute field (55+10) would "wrap"
    assert.isFalse(botMayAnswer({ amountUsed: 1, lastAt: new Date('2026-11-23T09:55:00Z') }, 3, 10, now))
    assert.isTrue(botMayAnswer({ amountUsed: 1, lastAt: new Date('2026-11-23T09:50:00Z') }, 3, 10, now))
    // an answer yesterday at the same minute is long enough ago
    assert.isTrue(botMayAnswer({ amountUsed: 1, lastAt: new Date('2026-11-22T10:00:00Z') }, 3, 10, now))
  })
})

test.group('bot texts', () => {
  test('menu layout, menu choices and NPS answers', ({ assert }) => {
    assert.equal(
      menu('Olá', ['Vendas', 'Suporte'], [TEXTS.endLine]),
      'Olá\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ Sair ]* - Encerrar atendimento'
    )
    assert.equal(menu('', ['A'], []), '*[ 1 ]* - A')
    assert.equal(chosenNumber(' 2 '), 2)
    assert.equal(chosenNumber('3.'), 3)
    assert.isNull(chosenNumber('dois'))
    assert.isNull(chosenNumber('1 e 2'))
    assert.equal(ratingOf('10'), 10)
    assert.equal(ratingOf('0'), 0)
    assert.equal(ratingOf('7,5'), 8)
    assert.isNull(ratingOf('11'))
    assert.isNull(ratingOf('nota 9'))
  })
})
