/**
 * The e-mail driver.
 * start: claims the mailbox for the connection (one company per mailbox),
 * then opens its IMAP session here when this process runs sessions, else
 * leaves it to the session sweep of the process that does.
 * stop: marks the mailbox stopped (a session elsewhere ends at its next
 * lease renewal) and closes the session here.
 * send: one threaded e-mail over SMTP (In-Reply-To / References of the
 * message it answers in the ticket's thread, "Re: subject"; a ticket without
 * a thread starts one), text and simple HTML, the connection's
 * signature, attachments from our storage. The Message-ID is derived from our
 * message id, so an outbox retry of a send the server did take is the same
 * mail. Acks: sent (1) when the SMTP server accepts; a bounce arriving later
 * marks the message failed (inbound.ts).
 */
import { AppError } from '#core/errors'
import type { ChannelDriver, ChannelHooks, ConnectionRef, OutgoingMessage, SendResult } from '#core/channels'
import { mimeOf, storage } from '#core/storage'
import { accountOf, fingerprint, mailboxOf, publicHost, smtpTransport } from './accounts.js'
import { addressOf, claimMailbox, parentFor, recordMessage, setMode } from './state.js'
import { closeSession, localSession, openSession } from './session.js'
import { sessionsRunHere } from './sessions.js'

/** A refusal retrying cannot fix: the outbox marks the message failed at once. */
const finalError = (code: string, detail?: string) =>
  new AppError(code, 422, { details: { permanent: true, ...(detail ? { meta: detail.slice(0, 300) } : {}) } })

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The chat's light formatting (*bold*, _italic_) as HTML, everything else escaped. */
function toHtml(text: string, signature: string) {
  const body = escapeHtml(text)
    .replace(/\*([^*\n]+)\*/g, '<strong>$1</strong>')
    .replace(/(^|\s)_([^_\n]+)_/g, '$1<em>$2</em>')
    .replace(/\n/g, '<br>')
  const sig = signature
    ? `<br><br><div style="color:#555">-- <br>${escapeHtml(signature).replace(/\n/g, '<br>')}</div>`
    : ''
  return `<div style="font-family:Segoe UI,Arial,sans-serif;font-size:14px">${body}${sig}</div>`
}

const reSubject = (subject: string) => {
  const s = subject.trim()
  return /^(re|res|ref|aw|sv)\s*:/i.test(s) ? s : `Re: ${s}`
}

const domainOf = (address: string) => address.split('@').pop() || 'localhost'

export const emailDriver: ChannelDriver = {
  name: 'email',

  async start(connection: ConnectionRef, hooks: ChannelHooks) {
    const account = accountOf(connection.settings)
    if (!account.imap.password || !account.imap.host) {
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, { error: 'ERR_EMAIL_IMAP_LOGIN' })
      return
    }
    if (!(await publicHost(account.imap.host))) {
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, { error: 'ERR_EMAIL_HOST_PRIVATE' })
      return
    }
    const claimed = await claimMailbox(
      connection.companyId,
      connection.id,
      mailboxOf(account.imap),
      fingerprint(account)
    )
    if (!claimed) {
      await closeSession(connection.id)
      await hooks.status(connection, 'DISCONNECTED')
      await hooks.health?.(connection, { error: 'ERR_EMAIL_MAILBOX_TAKEN', disconnectedAt: new Date() })
      return
    }
    if (!sessionsRunHere()) {
      await hooks.status(connection, 'OPENING')
      return
    }
    const session = await openSession(connection, hooks)
    await session.firstConnect
  },

  async stop(connection: ConnectionRef) {
    await setMode(connection.companyId, connection.id, 'stopped').catch(() => {})
    await closeSession(connection.id)
  },

  async send(connection: ConnectionRef, message: OutgoingMessage): Promise<SendResult> {
    if (message.kind !== 'text' && message.kind !== 'media') throw finalError('ERR_EMAIL_UNSUPPORTED')
    const account = accountOf(connection.settings)
    if (!account.smtp.password && account.smtp.user) throw finalError('ERR_EMAIL_SMTP_LOGIN')
    if (!(await publicHost(account.smtp.host))) throw finalError('ERR_EMAIL_HOST_PRIVATE')
    const { companyId } = connection
    const to = await addressOf(companyId, message.to.number)
    if (!to) throw finalError('ERR_EMAIL_NO_RECIPIENT')
    const parent = await parentFor(companyId, connection.id, message.quotedProviderId, message.thread)
    const messageId = `<balcao.${connection.id}.${message.id}@${domainOf(account.fromAddress)}>`
    const references = parent ? [...parent.references.split(/\s+/).filter(Boolean).slice(-20), parent.message_id] : []
    const uniqueRefs = [...new Set(references)]
    const subject = parent?.subject ? reSubject(parent.subject) : account.fromName || account.fromAddress
    const attachments: { filename: string; content: Buffer; contentType: string }[] = []
    if (message.kind === 'media' && message.mediaUrl) {
      const filename = (message.mediaName || message.mediaUrl.split('?')[0].split('/').pop() || 'file').slice(0, 200)
      const content = await storage.readOwned(message.mediaUrl, companyId)
      attachments.push({ filename, content, contentType: mimeOf(filename) })
    }
    const caption = message.kind === 'media' && message.body === attachments[0]?.filename ? '' : message.body
    const text = account.signature ? `${caption}\n\n-- \n${account.signature}` : caption
    const transport = smtpTransport(account)
    try {
      await transport.sendMail({
        from: account.fromName ? { name: account.fromName, address: account.fromAddress } : account.fromAddress,
        to,
        subject,
        messageId,
        inReplyTo: parent?.message_id,
        references: uniqueRefs.length ? uniqueRefs : undefined,
        text,
        html: toHtml(caption, account.signature),
        attachments,
      })
    } catch (error: any) {
      if (error?.code === 'EAUTH') throw finalError('ERR_EMAIL_SMTP_LOGIN', error?.response)
      // a permanent refusal (5xx) of the recipient or the message: retrying cannot fix it
      if (Number(error?.responseCode) >= 500) throw finalError('ERR_EMAIL_REJECTED', error?.response)
      throw error
    } finally {
      transport.close()
    }
    await recordMessage(companyId, connection.id, {
      message_id: messageId,
      thread_id: parent?.thread_id ?? messageId,
      number: message.to.number,
      direction: 'out',
      subject,
      references: uniqueRefs.join(' '),
    })
    // a ticket without a thread takes the one this mail started
    return { providerId: messageId, ack: 1, thread: parent?.thread_id ?? messageId }
  },
}

/** Whether this process runs the connection's mailbox session (tests, diagnostics). */
export const sessionHere = (whatsappId: number) => Boolean(localSession(whatsappId))
