import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import { rateLimiter } from '#core/http'
import { inboxWorld, startWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { forgetKeys } from '../keys.js'
import { sendDueMails } from '../mail.js'
import { SITE, webchatConnection, widget } from './fixtures.js'

/** A local SMTP server that keeps what it receives; `hold()` keeps the next message's answer until released. */
async function smtpServer() {
  const received: ParsedMail[] = []
  let held: { reached: boolean; release: () => void; gate: Promise<void> } | null = null
  const hold = () => {
    let release = () => {}
    const gate = new Promise<void>((r) => (release = r))
    const h = { reached: false, release, gate }
    held = h
    return h
  }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const h = held
      held = null
      if (h) h.reached = true
      simpleParser(stream)
        .then(async (mail) => {
          await h?.gate
          received.push(mail)
        })
        .then(() => done(), done)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return { received, port, hold, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** A visitor who wrote, and the agent holding their ticket. */
async function conversation(client: any, visitor: { email?: string; lang?: string }) {
  const w = await inboxWorld()
  const { key, whatsapp } = await webchatConnection(
    w.company,
    { preChatEmail: 'optional', preChatName: 'optional', title: 'Loja Exemplo' },
    w.queue.id
  )
  let session = widget(client, 'post', key, 'session', { body: { name: 'Marina', email: visitor.email } })
  if (visitor.lang) session = session.header('accept-language', visitor.lang)
  const token = (await session).body().visitor as string
  ;(
    await widget(client, 'post', key, 'messages', { visitor: token, body: { body: 'Vocês entregam sábado?' } })
  ).assertStatus(202)
  await waitProcessed(w.company.id)
  const ticket = await db.from('tickets').where({ company_id: w.company.id, whatsapp_id: whatsapp.id }).firstOrFail()
  await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
  const reply = async (body: string) => {
    ;(await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body })).assertStatus(201)
  }
  const visitorRow = () => db.from('webchat_visitors').where({ whatsapp_id: whatsapp.id }).firstOrFail()
  /** waits until a reply made the visitor due for an e-mail */
  const due = () => waitFor(async () => (await visitorRow()).mail_due_at !== null, 10000)
  return { w, key, token, reply, visitorRow, due }
}

test.group('webchat: replies by e-mail to visitors who left', (group) => {
  let smtp: Awaited<ReturnType<typeof smtpServer>>
  /** sweeps (as the worker would) until the SMTP server holds `count` e-mails */
  const sweepUntil = (count: number) =>
    waitFor(async () => {
      await sendDueMails()
      return smtp.received.length >= count
    }, 10000)
  const saved = { url: process.env.SMTP_URL, from: process.env.MAIL_FROM, delay: process.env.WEBCHAT_MAIL_DELAY_MS }
  group.setup(async () => {
    smtp = await smtpServer()
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`
    process.env.MAIL_FROM = 'Balcão <chat@balcao.test>'
    process.env.WEBCHAT_MAIL_DELAY_MS = '0'
    return async () => {
      for (const [k, v] of [
        ['SMTP_URL', saved.url],
        ['MAIL_FROM', saved.from],
        ['WEBCHAT_MAIL_DELAY_MS', saved.delay],
      ] as const) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      await smtp.close()
    }
  })
  group.each.setup(async () => {
    await startWorkers()
    await rateLimiter.resetAll()
    forgetKeys()
    smtp.received.length = 0
  })

  test('the replies a visitor did not see go in one e-mail in their language, once', async ({ client, assert }) => {
    const c = await conversation(client, { email: 'Marina@Cliente.test', lang: 'en-US,en;q=0.9' })
    await c.reply('Sim, entregamos até as 14h.')
    await c.reply('Quer agendar <agora>?')
    await c.due()
    await sweepUntil(1)
    const mail = smtp.received[0]
    assert.equal(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : '', 'marina@cliente.test')
    assert.equal(mail.subject, 'New reply from Loja Exemplo')
    assert.include(mail.text!, 'Sim, entregamos até as 14h.')
    assert.include(mail.text!, `open the chat at ${SITE}`)
    // the agent's text is escaped in the HTML part
    assert.include(String(mail.html), 'Quer agendar &lt;agora&gt;?')
    assert.notInclude(mail.text!, 'Vocês entregam sábado?')

    // nothing new: no second e-mail; a later reply makes one with that reply only
    await sendDueMails()
    assert.lengthOf(smtp.received, 1)
    await c.reply('Confirmado para sábado.')
    await sweepUntil(2)
    assert.include(smtp.received[1].text!, 'Confirmado para sábado.')
    assert.notInclude(smtp.received[1].text!, 'entregamos até')
  })

  test('a sweep that reads the visitor while another is still sending mails only the newer replies', async ({
    client,
    assert,
  }) => {
    const c = await conversation(client, { email: 'carla@cliente.test' })
    // the first e-mail is held at the SMTP server, its sweep still sending (held before the replies:
    // the worker's own sweep may be the one that sends it)
    const held = smtp.hold()
    await c.reply('Primeira resposta.')
    await c.reply('Segunda resposta.')
    await c.due()
    const first = sendDueMails()
    await waitFor(async () => held.reached, 10000)
    // a new reply makes the visitor due again; a second sweep runs meanwhile
    await c.reply('Terceira resposta.')
    await c.due()
    await sweepUntil(1)
    held.release()
    await first
    const replies = ['Primeira resposta.', 'Segunda resposta.', 'Terceira resposta.']
    await waitFor(async () => replies.every((r) => smtp.received.some((m) => m.text!.includes(r))), 10000)
    // whichever sweep (ours or the worker's) sent what, each reply went in exactly one e-mail
    for (const reply of replies) {
      assert.lengthOf(
        smtp.received.filter((m) => m.text!.includes(reply)),
        1,
        reply
      )
    }
  })

  test('a visitor still on the page (the history or a stream showed the reply) gets no e-mail', async ({
    client,
    assert,
  }) => {
    process.env.WEBCHAT_MAIL_DELAY_MS = '60000'
    try {
      const c = await conversation(client, { email: 'ana@cliente.test' })
      await c.reply('Já vou verificar.')
      await c.due()
      // the widget reads it (as its stream or a reload does)
      const h = await widget(client, 'get', c.key, 'messages', { visitor: c.token })
      assert.include(
        h.body().messages.map((m: any) => m.body),
        'Já vou verificar.'
      )
      await db
        .from('webchat_visitors')
        .where('id', (await c.visitorRow()).id)
        .update({ mail_due_at: new Date() })
      await sendDueMails()
      assert.lengthOf(smtp.received, 0)
      assert.isNull((await c.visitorRow()).mail_due_at)
    } finally {
      process.env.WEBCHAT_MAIL_DELAY_MS = '0'
    }
  })

  test('no e-mail address, nothing due; an SMTP refusal is retried later, never lost silently', async ({
    client,
    assert,
  }) => {
    const anonymous = await conversation(client, {})
    await anonymous.reply('Olá!')
    await waitFor(
      async () => Number((await db.from('messages').where({ from_me: true, body: 'Olá!' }).count('* as n'))[0].n) > 0,
      10000
    )
    assert.isNull((await anonymous.visitorRow()).mail_due_at)

    const c = await conversation(client, { email: 'bia@cliente.test' })
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'
    try {
      await c.reply('Resposta que não sai por e-mail agora')
      await c.due()
      await sendDueMails()
      const row = await c.visitorRow()
      assert.equal(row.mail_attempts, 1)
      assert.isAbove(new Date(row.mail_due_at).getTime(), Date.now() + 60_000)
      assert.equal(Number(row.mailed_up_to), 0)
    } finally {
      process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`
    }
  })
})
