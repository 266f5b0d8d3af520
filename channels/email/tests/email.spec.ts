import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { channelHooks, connectionRef } from '#core/pipeline'
import { forgetChannelPlans } from '#core/channels'
import { Whatsapp } from '#core/models'
import { tenancy } from '#core/tenancy'
import { openSecret, sealSecret } from '#core/secrets'
import { createConnection, inboxWorld, startWorkers, waitFor, waitProcessed } from '#tests/helpers/inbox'
import { setPlanFlags } from '#tests/helpers/world'
import { startFakeImap, type FakeImap } from './fake_imap.js'
import { startFakeSmtp, type FakeSmtp } from './fake_smtp.js'
import { bounceMail, htmlMail, mailWithAttachments, plainMail } from './mails.js'
import { emailDriver, sessionHere } from '../driver.js'
import { closeAllSessions, closeSession } from '../session.js'
import { ensureSessions } from '../sessions.js'
import { numberOf } from '../state.js'
import { htmlText, sanitizeMailHtml, stripQuoted } from '../inbound.js'

let imap: FakeImap
let smtp: FakeSmtp
let seq = 0
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

/** a fresh mailbox on both fake servers, and the settings a dialog would send */
function mailbox() {
  const n = `${Date.now().toString(36)}${seq++}`
  const user = `loja${n}@empresa.test`
  const password = `senha-${n}`
  imap.user(user, password)
  smtp.user(user, password)
  const settings = {
    fromAddress: user,
    fromName: 'Loja Exemplo',
    signature: 'Equipe Loja Exemplo\nwww.loja.test',
    imapHost: '127.0.0.1',
    imapPort: String(imap.port),
    imapSecurity: 'plain',
    imapUser: user,
    imapPassword: password,
    smtpHost: '127.0.0.1',
    smtpPort: String(smtp.port),
    smtpSecurity: 'plain',
  }
  return { user, password, settings }
}

async function emailWorld() {
  const w = await inboxWorld()
  const box = mailbox()
  const conn = await createConnection(w.company, {
    channel: 'email',
    name: `E-mail ${box.user}`,
    settings: { ...box.settings, imapPassword: sealSecret(box.password) },
  } as any)
  await db.table('whatsapp_queues').insert({ whatsapp_id: conn.id, queue_id: w.queue.id })
  return { ...w, conn, box }
}

type World = Awaited<ReturnType<typeof emailWorld>>

const modelOf = (companyId: number, id: number) => tenancy.run(companyId, () => Whatsapp.findOrFail(id))

async function startSession(w: World) {
  await emailDriver.start(connectionRef(await modelOf(w.company.id, w.conn.id)), channelHooks)
  // the first look set the cursor: mail delivered from now on is new
  await waitFor(async () => {
    const row = await db.from('email_mailboxes').where('whatsapp_id', w.conn.id).first()
    return row?.last_uid !== null && row?.last_uid !== undefined
  })
}

const messagesOf = (w: World) =>
  db.from('messages').where({ company_id: w.company.id, whatsapp_id: w.conn.id }).orderBy('id')

async function waitMessages(w: World, count: number, timeoutMs = 20000) {
  return waitFor(async () => {
    await waitProcessed(w.company.id)
    const rows = await messagesOf(w)
    return rows.length >= count ? rows : null
  }, timeoutMs)
}

async function openTicket(w: World, number: string) {
  const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
  const ticket = await db.from('tickets').where({ company_id: w.company.id, contact_id: contact.id }).firstOrFail()
  await db.from('tickets').where('id', ticket.id).update({ status: 'open', user_id: w.admin.id })
  return ticket
}

const settingsOf = (row: any) => (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings)

test.group('E-mail channel', (group) => {
  group.setup(async () => {
    imap = await startFakeImap()
    smtp = await startFakeSmtp()
    const previous = { sessions: process.env.EMAIL_SESSIONS, poll: process.env.EMAIL_POLL_SECONDS }
    // this group's tests ask for sessions in this process (the suite never runs them otherwise)
    process.env.EMAIL_SESSIONS = 'on'
    process.env.EMAIL_POLL_SECONDS = '1'
    return async () => {
      await closeAllSessions()
      for (const [k, v] of [
        ['EMAIL_SESSIONS', previous.sessions],
        ['EMAIL_POLL_SECONDS', previous.poll],
      ] as const) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      await imap.close()
      await smtp.close()
    }
  })
  group.each.setup(async () => {
    await startWorkers()
    imap.idle = true
  })

  test('connect: IMAP and SMTP logins checked on save, passwords sealed and never answered; bad ones are 422 with their code; a mailbox of another company is refused', async ({
    client,
    assert,
  }) => {
    const w = await inboxWorld()
    const box = mailbox()
    const created = await client
      .post('/whatsapp')
      .bearerToken(w.adminToken)
      .json({ name: 'Atendimento', channel: 'email', settings: box.settings })
    created.assertStatus(201)
    assert.notInclude(JSON.stringify(created.body()), box.password)
    const row = await db.from('whatsapps').where({ company_id: w.company.id, channel: 'email' }).firstOrFail()
    const stored = settingsOf(row)
    assert.notInclude(JSON.stringify(stored), box.password)
    assert.equal(openSecret(stored.imapPassword), box.password)
    assert.include(
      imap.commands.filter((c) => c.line === 'LOGIN').map((c) => c.line),
      'LOGIN'
    )
    const shown = (await client.get(`/whatsapp/${row.id}`).bearerToken(w.adminToken)).body()
    assert.notInclude(JSON.stringify(shown), box.password)
    assert.notInclude(JSON.stringify(shown), stored.imapPassword)

    // renaming with the password left blank keeps the stored one (and re-checks it)
    const edited = await client
      .put(`/whatsapp/${row.id}`)
      .bearerToken(w.adminToken)
      .json({ name: 'Atendimento 2', settings: { imapPassword: '' } })
    assert.isBelow(edited.status(), 300, edited.text())
    assert.equal(
      openSecret(settingsOf(await db.from('whatsapps').where('id', row.id).firstOrFail()).imapPassword),
      box.password
    )

    const refused = async (settings: Record<string, string>, field: string, rule: string) => {
      const other = mailbox()
      const r = await client
        .post('/whatsapp')
        .bearerToken(w.adminToken)
        .json({ name: 'Ruim', channel: 'email', settings: { ...other.settings, ...settings } })
      r.assertStatus(422)
      assert.deepInclude(
        r.body().fields ?? r.body().errors ?? [],
        { field: `settings.${field}`, rule, message: rule },
        r.text()
      )
    }
    await refused({ imapPassword: 'wrong-password' }, 'imapPassword', 'ERR_EMAIL_IMAP_LOGIN')
    await refused({ smtpPassword: 'wrong-password' }, 'smtpHost', 'ERR_EMAIL_SMTP_LOGIN')
    await refused({ imapPort: '9' }, 'imapPassword', 'ERR_EMAIL_IMAP_UNREACHABLE')
    await refused({ fromAddress: 'not an address' }, 'fromAddress', 'email')
    // in production an internal host is refused before any connect (no probing of the server's network)
    process.env.EMAIL_ALLOW_PRIVATE_HOSTS = 'false'
    try {
      await refused({}, 'imapPassword', 'ERR_EMAIL_HOST_PRIVATE')
      await refused({ smtpHost: 'localhost' }, 'smtpHost', 'ERR_EMAIL_HOST_PRIVATE')
    } finally {
      delete process.env.EMAIL_ALLOW_PRIVATE_HOSTS
    }

    // the same mailbox in another company: refused, whoever asks
    const other = await inboxWorld()
    const taken = await client
      .post('/whatsapp')
      .bearerToken(other.adminToken)
      .json({ name: 'Roubada', channel: 'email', settings: { ...box.settings, imapUser: box.user.toUpperCase() } })
    taken.assertStatus(422)
    assert.include(taken.text(), 'ERR_EMAIL_MAILBOX_TAKEN')
    // the driver refuses it too (a race past the check): the mailbox is claimed by one company
    const sneaked = await createConnection(other.company, {
      channel: 'email',
      settings: { ...box.settings, imapPassword: sealSecret(box.password) },
    } as any)
    await emailDriver.start(connectionRef(await modelOf(w.company.id, row.id)), channelHooks)
    await emailDriver.start(connectionRef(sneaked), channelHooks)
    const health = await db.from('whatsapps').where('id', sneaked.id).firstOrFail()
    assert.equal(health.status, 'DISCONNECTED')
    assert.isFalse(sessionHere(sneaked.id))
    await closeSession(row.id)
  })

  test('inbound: a plain mail and an HTML mail (sanitised) open tickets; the contact is the sender; a thread reply lands on the same ticket; attachments into private storage', async ({
    assert,
  }) => {
    const w = await emailWorld()
    await startSession(w)
    assert.isTrue(sessionHere(w.conn.id))
    assert.equal((await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status, 'CONNECTED')

    const first = plainMail({
      from: 'Ana Silva <ana@cliente.test>',
      to: w.box.user,
      subject: 'Pedido 123 atrasado',
      text: 'Olá, meu pedido 123 não chegou.',
    })
    imap.deliver(w.box.user, first.source)
    const [m1] = await waitMessages(w, 1)
    assert.equal(m1.wid, first.id)
    assert.include(m1.body, 'Pedido 123 atrasado')
    assert.include(m1.body, 'meu pedido 123 não chegou')
    const number = numberOf('ana@cliente.test')
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    assert.equal(contact.name, 'Ana Silva')
    assert.equal(contact.channel, 'email')
    assert.equal(contact.email, 'ana@cliente.test')

    // the answer in the thread (quoting the history) lands on the same ticket, without the quote
    const reply = plainMail({
      from: 'Ana Silva <ana@cliente.test>',
      to: w.box.user,
      subject: 'Re: Pedido 123 atrasado',
      text: 'Alguma novidade?\n\nOn Mon, 1 Jan 2024 at 10:00, Loja wrote:\n> Olá, meu pedido 123 não chegou.',
      inReplyTo: first.id,
      references: [first.id],
    })
    imap.deliver(w.box.user, reply.source)
    // a colleague in copy answers the thread from another address: still the same conversation
    const colleague = plainMail({
      from: 'Bruno <bruno@cliente.test>',
      to: w.box.user,
      subject: 'Re: Pedido 123 atrasado',
      text: 'Eu também aguardo.',
      references: [first.id, reply.id],
    })
    imap.deliver(w.box.user, colleague.source)
    const rows = await waitMessages(w, 3)
    assert.equal(rows[1].body, 'Alguma novidade?')
    assert.equal(rows[1].ticket_id, m1.ticket_id)
    assert.equal(rows[2].ticket_id, m1.ticket_id)
    assert.include(rows[2].body, 'bruno@cliente.test')
    assert.include(rows[2].body, 'Eu também aguardo.')

    // HTML only: what the inbox shows is text; the kept HTML is sanitised
    const html = htmlMail({
      from: 'carla@outra.test',
      to: w.box.user,
      subject: 'Orçamento',
      html: '<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><p onclick="steal()">Quero um <b>orçamento</b>.</p><img src="https://tracker.example/pixel.gif" alt="logo"><a href="https://loja.test/x">veja</a><a href="javascript:alert(2)">mal</a><iframe src="https://evil.test"></iframe></body></html>',
    })
    imap.deliver(w.box.user, html.source)
    const withHtml = await waitMessages(w, 4)
    const m4 = withHtml[3]
    assert.notEqual(m4.ticket_id, m1.ticket_id)
    assert.include(m4.body, 'Quero um orçamento.')
    assert.notInclude(m4.body, 'alert(1)')
    assert.notInclude(m4.body, 'color:red')
    const kept = await db.from('email_messages').where({ whatsapp_id: w.conn.id, message_id: html.id }).firstOrFail()
    assert.include(kept.html, '<b>orçamento</b>')
    for (const bad of ['<script', 'alert(1)', 'onclick', 'tracker.example', 'javascript:', '<iframe', '<style'])
      assert.notInclude(kept.html, bad)
    assert.include(kept.html, 'rel="noopener noreferrer nofollow"')
    const carla = await db
      .from('contacts')
      .where({ company_id: w.company.id, number: numberOf('carla@outra.test') })
      .firstOrFail()
    assert.equal(carla.name, 'carla@outra.test')

    // attachments: one media message per file, stored privately under the company's prefix
    const att = mailWithAttachments({
      from: 'Ana Silva <ana@cliente.test>',
      to: w.box.user,
      subject: 'Comprovante',
      text: 'Segue o comprovante.',
      files: [
        { name: 'comprovante.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 fake') },
        { name: 'foto.png', type: 'image/png', bytes: PNG },
        { name: 'page.html', type: 'text/html', bytes: Buffer.from('<script>x</script>') },
      ],
    })
    imap.deliver(w.box.user, att.source)
    const all = await waitMessages(w, 8)
    const media = all.filter((m) => m.wid.startsWith(att.id))
    assert.lengthOf(media, 4)
    const [text, pdf, png, page] = media
    assert.include(text.body, 'Segue o comprovante.')
    assert.equal(pdf.media_type, 'document')
    assert.equal(pdf.body, 'comprovante.pdf')
    assert.match(pdf.media_url, new RegExp(`^c${w.company.id}/email/${w.conn.id}/.+\\.pdf$`))
    assert.equal(png.media_type, 'image')
    assert.match(png.media_url, /\.png$/)
    // an HTML file is never stored under an extension a browser would render
    assert.notMatch(page.media_url, /\.html?$/)
  })

  test('outbound: the reply goes out threaded (In-Reply-To, References, Re: subject) with text, HTML and the signature; media as attachments; acked sent; a refused recipient fails at once', async ({
    client,
    assert,
  }) => {
    const w = await emailWorld()
    await startSession(w)
    const first = plainMail({
      from: 'Dora <dora@cliente.test>',
      to: w.box.user,
      subject: 'Troca de produto',
      text: 'Posso trocar o tamanho?',
      references: ['<older@cliente.test>'],
    })
    imap.deliver(w.box.user, first.source)
    await waitMessages(w, 1)
    const ticket = await openTicket(w, numberOf('dora@cliente.test'))

    const before = smtp.received.length
    const sent = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .json({ body: 'Claro! *Sem custo*.' })
    sent.assertStatus(201)
    const sentId = sent.body().messages?.[0]?.id ?? sent.body().id
    const row = await waitFor(async () => {
      const m = await db.from('messages').where('id', sentId).first()
      return m?.ack >= 1 ? m : null
    })
    const mail = smtp.received[before]
    assert.deepEqual(mail.to, ['dora@cliente.test'])
    assert.equal(mail.from, w.box.user)
    assert.equal(mail.parsed.subject, 'Re: Troca de produto')
    assert.equal(mail.parsed.inReplyTo, first.id)
    const refs = Array.isArray(mail.parsed.references) ? mail.parsed.references : [mail.parsed.references]
    assert.deepEqual(refs, ['<older@cliente.test>', first.id])
    assert.equal(row.wid, mail.parsed.messageId)
    assert.include(mail.parsed.text ?? '', 'Claro! *Sem custo*.')
    assert.include(mail.parsed.text ?? '', '-- \nEquipe Loja Exemplo')
    assert.include(String(mail.parsed.html), '<strong>Sem custo</strong>')
    assert.include(String(mail.parsed.html), 'Equipe Loja Exemplo')
    assert.equal(mail.parsed.from?.value[0].name, 'Loja Exemplo')

    const media = await client
      .post(`/messages/${ticket.id}`)
      .bearerToken(w.adminToken)
      .file('medias', PNG, { filename: 'etiqueta.png', contentType: 'image/png' })
      .field('body', 'etiqueta de troca')
    media.assertStatus(201)
    const withFile = await waitFor(async () =>
      smtp.received.slice(before + 1).find((m) => m.parsed.attachments.length > 0)
    )
    assert.equal(withFile.parsed.attachments[0].filename, 'etiqueta.png')
    assert.equal(withFile.parsed.attachments[0].content.length, PNG.length)
    assert.equal(withFile.parsed.inReplyTo, row.wid)

    // a permanent refusal of the recipient: failed at once, no retries
    smtp.refuseRecipients.add('dora@cliente.test')
    const refused = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'oi?' })
    const refusedId = refused.body().messages?.[0]?.id ?? refused.body().id
    const failed = await waitFor(async () => {
      const m = await db.from('messages').where('id', refusedId).first()
      return m?.send_error ? m : null
    }, 20000)
    assert.include(failed.send_error, 'ERR_EMAIL_REJECTED')
    smtp.refuseRecipients.clear()
  })

  test('each thread is a ticket: a second subject opens a second ticket, replies go to their own thread; a ticket an agent opens starts a thread its answer comes back to', async ({
    client,
    assert,
  }) => {
    const w = await emailWorld()
    await startSession(w)
    const number = numberOf('eva@cliente.test')
    const a = plainMail({
      from: 'Eva <eva@cliente.test>',
      to: w.box.user,
      subject: 'Nota fiscal',
      text: 'Preciso da nota.',
    })
    imap.deliver(w.box.user, a.source)
    await waitMessages(w, 1)
    const b = plainMail({ from: 'Eva <eva@cliente.test>', to: w.box.user, subject: 'Entrega', text: 'Quando chega?' })
    imap.deliver(w.box.user, b.source)
    const [ma, mb] = await waitMessages(w, 2)
    assert.notEqual(ma.ticket_id, mb.ticket_id)
    const contact = await db.from('contacts').where({ company_id: w.company.id, number }).firstOrFail()
    const live = await db
      .from('tickets')
      .where({ company_id: w.company.id, contact_id: contact.id })
      .whereIn('status', ['open', 'pending'])
      .orderBy('id')
    assert.deepEqual(
      live.map((t) => t.thread),
      [a.id, b.id]
    )

    // the agent answers the first thread: the mail answers its message, not the newer thread's
    await db.from('tickets').where('id', ma.ticket_id).update({ status: 'open', user_id: w.admin.id })
    const before = smtp.received.length
    ;(
      await client.post(`/messages/${ma.ticket_id}`).bearerToken(w.adminToken).json({ body: 'Segue a nota.' })
    ).assertStatus(201)
    const answer = await waitFor(async () => smtp.received[before])
    assert.equal(answer.parsed.inReplyTo, a.id)
    assert.equal(answer.parsed.subject, 'Re: Nota fiscal')
    // Eva answers the second thread: it lands on the second ticket
    const rb = plainMail({
      from: 'Eva <eva@cliente.test>',
      to: w.box.user,
      subject: 'Re: Entrega',
      text: 'Alguma previsão?',
      inReplyTo: b.id,
      references: [b.id],
    })
    imap.deliver(w.box.user, rb.source)
    const rows = await waitFor(async () => {
      await waitProcessed(w.company.id)
      const list = await messagesOf(w)
      return list.find((m) => m.wid === rb.id) ? list : null
    })
    assert.equal(rows.find((m) => m.wid === rb.id).ticket_id, mb.ticket_id)

    // both threads closed; the agent opens a new ticket and writes first: a new thread, and Eva's reply to it
    // comes back to that ticket
    await db.from('tickets').whereIn('id', [ma.ticket_id, mb.ticket_id]).update({ status: 'closed' })
    const opened = await client
      .post('/tickets')
      .bearerToken(w.adminToken)
      .json({ contactId: contact.id, whatsappId: w.conn.id, queueId: w.queue.id, status: 'open' })
    opened.assertStatus(201)
    const ticketId = opened.body().id
    const sentBefore = smtp.received.length
    ;(
      await client.post(`/messages/${ticketId}`).bearerToken(w.adminToken).json({ body: 'Temos novidades!' })
    ).assertStatus(201)
    const first = await waitFor(async () => smtp.received[sentBefore])
    assert.isUndefined(first.parsed.inReplyTo)
    await waitFor(
      async () => (await db.from('tickets').where('id', ticketId).first())?.thread === first.parsed.messageId
    )
    const back = plainMail({
      from: 'Eva <eva@cliente.test>',
      to: w.box.user,
      subject: 'Re: Loja Exemplo',
      text: 'Obrigada!',
      inReplyTo: first.parsed.messageId,
      references: [first.parsed.messageId!],
    })
    imap.deliver(w.box.user, back.source)
    const got = await waitFor(async () => {
      await waitProcessed(w.company.id)
      return db.from('messages').where({ company_id: w.company.id, wid: back.id }).first()
    })
    assert.equal(got.ticket_id, ticketId)
  })

  test('a bounce (delivery report naming a sent Message-ID) marks that message failed; unrelated reports open nothing', async ({
    client,
    assert,
  }) => {
    const w = await emailWorld()
    await startSession(w)
    const first = plainMail({ from: 'eva@cliente.test', to: w.box.user, subject: 'Oi', text: 'Oi!' })
    imap.deliver(w.box.user, first.source)
    await waitMessages(w, 1)
    const ticket = await openTicket(w, numberOf('eva@cliente.test'))
    const sent = await client.post(`/messages/${ticket.id}`).bearerToken(w.adminToken).json({ body: 'Olá Eva' })
    const sentId = sent.body().messages?.[0]?.id ?? sent.body().id
    const out = await waitFor(async () => {
      const m = await db.from('messages').where('id', sentId).first()
      return m?.ack >= 1 ? m : null
    })
    imap.deliver(
      w.box.user,
      bounceMail({ to: w.box.user, original: '<unknown@nowhere.test>', recipient: 'x@y.test' }).source
    )
    imap.deliver(
      w.box.user,
      bounceMail({ to: w.box.user, original: out.wid, recipient: 'eva@cliente.test', action: 'delayed' }).source
    )
    imap.deliver(w.box.user, bounceMail({ to: w.box.user, original: out.wid, recipient: 'eva@cliente.test' }).source)
    const failed = await waitFor(async () => {
      await waitProcessed(w.company.id)
      const m = await db.from('messages').where('id', sentId).first()
      return m?.send_error ? m : null
    }, 20000)
    assert.equal(failed.send_error, 'ERR_EMAIL_BOUNCED')
    const rows = await messagesOf(w)
    assert.lengthOf(rows, 2)
    assert.notExists(
      await db
        .from('contacts')
        .where({ company_id: w.company.id, number: numberOf('mailer-daemon@mx.example.test') })
        .first()
    )
  })

  test('restart: mail that arrived while stopped is read once; reading again after a crash doubles nothing; a dropped connection reconnects; IDLE pushes; without IDLE the mailbox is polled', async ({
    assert,
  }) => {
    const w = await emailWorld()
    await startSession(w)
    imap.deliver(
      w.box.user,
      plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Um', text: 'um' }).source
    )
    await waitMessages(w, 1)
    await emailDriver.stop(connectionRef(w.conn))
    assert.isFalse(sessionHere(w.conn.id))
    assert.equal((await db.from('email_mailboxes').where('whatsapp_id', w.conn.id).firstOrFail()).mode, 'stopped')
    // a stopped connection stays stopped for the sweep
    await ensureSessions()
    assert.isFalse(sessionHere(w.conn.id))

    imap.deliver(
      w.box.user,
      plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Dois', text: 'dois' }).source
    )
    imap.deliver(
      w.box.user,
      plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Três', text: 'três' }).source
    )
    await startSession(w)
    const rows = await waitMessages(w, 3)
    assert.deepEqual(
      rows.map((r) => r.body),
      ['*Um*\n\num', '*Dois*\n\ndois', '*Três*\n\ntrês']
    )
    // a crash before the cursor was saved: the same mail is read again and the pipeline drops it
    await closeSession(w.conn.id)
    await db.from('email_mailboxes').where('whatsapp_id', w.conn.id).update({ last_uid: 0 })
    await startSession(w)
    await waitFor(
      async () => Number((await db.from('email_mailboxes').where('whatsapp_id', w.conn.id).first()).last_uid) >= 3
    )
    await waitProcessed(w.company.id)
    assert.lengthOf(await messagesOf(w), 3)

    // the connection drops: the session reconnects and reads what came meanwhile
    imap.kick()
    imap.deliver(
      w.box.user,
      plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Depois', text: 'depois da queda' }).source
    )
    await waitMessages(w, 4, 20000)
    assert.isTrue(sessionHere(w.conn.id))

    // IDLE: the server's push brings the mail at once, long before the next periodic look
    await closeSession(w.conn.id)
    process.env.EMAIL_POLL_SECONDS = '60'
    const mark = imap.commands.length
    const idles = () => imap.commands.slice(mark).filter((c) => c.user === w.box.user && c.line.startsWith('IDLE'))
    try {
      await startSession(w)
      await waitFor(async () => idles().length > 0)
      imap.deliver(
        w.box.user,
        plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Quatro', text: 'quatro' }).source
      )
      await waitMessages(w, 5, 8000)
    } finally {
      process.env.EMAIL_POLL_SECONDS = '1'
    }

    // a server without IDLE: the periodic look finds new mail
    await closeSession(w.conn.id)
    imap.idle = false
    const noIdle = imap.commands.length
    await startSession(w)
    imap.deliver(
      w.box.user,
      plainMail({ from: 'fabio@cliente.test', to: w.box.user, subject: 'Cinco', text: 'cinco' }).source
    )
    await waitMessages(w, 6)
    assert.notExists(imap.commands.slice(noIdle).find((c) => c.user === w.box.user && c.line.startsWith('IDLE')))
    await closeSession(w.conn.id)
  })

  test('session sweep: a new connection is started, a started one is left alone, new settings restart it', async ({
    assert,
  }) => {
    const w = await emailWorld()
    await ensureSessions()
    await waitFor(async () => sessionHere(w.conn.id))
    const logins = () => imap.commands.filter((c) => c.line === 'LOGIN').length
    await waitFor(async () => (await db.from('whatsapps').where('id', w.conn.id).firstOrFail()).status === 'CONNECTED')
    const before = logins()
    await ensureSessions()
    assert.equal(logins(), before)

    // a new password (same mailbox): the fingerprint changes and the sweep restarts the session
    const password = 'nova-senha-123'
    imap.user(w.box.user, password)
    const settings = { ...w.box.settings, imapPassword: sealSecret(password) }
    await db
      .from('whatsapps')
      .where('id', w.conn.id)
      .update({ settings: JSON.stringify(settings) })
    await ensureSessions()
    await waitFor(async () => logins() > before)
    const row = await db.from('email_mailboxes').where('whatsapp_id', w.conn.id).firstOrFail()
    assert.equal(row.mode, 'running')
    await closeSession(w.conn.id)
  })

  test('plan flag useEmail: no new connection, no session for a company without it', async ({ client, assert }) => {
    const w = await emailWorld()
    const company = await db.from('companies').where('id', w.company.id).firstOrFail()
    await setPlanFlags(company.plan_id, { useEmail: false })
    forgetChannelPlans()
    const r = await client
      .post('/whatsapp')
      .bearerToken(w.adminToken)
      .json({ name: 'Sem plano', channel: 'email', settings: mailbox().settings })
    r.assertStatus(403)
    r.assertBodyContains({ error: 'ERR_PLAN_FEATURE_DISABLED' })
    await ensureSessions()
    assert.isFalse(sessionHere(w.conn.id))
  })

  test('sanitiser and quote stripping', ({ assert }) => {
    const out = sanitizeMailHtml(
      '<div style="x"><img src="cid:logo" alt="l"><img src="http://t.example/p.gif" alt="pixel"><a href="https://a.test" target="_self">a</a><form><input></form><svg onload="x()"></svg></div>'
    )
    assert.include(out, 'src="cid:logo"')
    assert.notInclude(out, 't.example')
    assert.include(out, '[pixel]')
    assert.include(out, 'target="_blank"')
    for (const bad of ['style=', '<form', '<input', '<svg', 'onload']) assert.notInclude(out, bad)
    assert.equal(
      htmlText('<p>Olá &amp; bem-vindo</p><ul><li>um</li><li>dois</li></ul>linha<br>nova&nbsp;&#233;'),
      'Olá & bem-vindo\n\n- um\n- dois\nlinha\nnova é'
    )
    assert.equal(stripQuoted('Ok!\n\nEm seg., 1 de jan. de 2024, Loja escreveu:\n> antigo'), 'Ok!')
    assert.equal(stripQuoted('Sim\n> citado\n> mais'), 'Sim')
    assert.equal(stripQuoted('> só citação'), '> só citação')
  })
})
