/** Raw e-mails the tests deliver to the fake IMAP server. */
import { randomUUID } from 'node:crypto'

export const newMessageId = (host = 'cliente.test') => `<${randomUUID()}@${host}>`

export function plainMail(o: {
  from: string
  to: string
  subject: string
  text: string
  messageId?: string
  inReplyTo?: string
  references?: string[]
}) {
  const id = o.messageId ?? newMessageId()
  const lines = [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${id}`,
    `Date: ${new Date().toUTCString()}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
    ...(o.references?.length ? [`References: ${o.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    o.text,
    '',
  ]
  return { id, source: lines.join('\r\n') }
}

export function htmlMail(o: { from: string; to: string; subject: string; html: string; text?: string }) {
  const id = newMessageId()
  const boundary = `b${randomUUID()}`
  const parts = [
    ...(o.text ? [`--${boundary}`, 'Content-Type: text/plain; charset=utf-8', '', o.text, ''] : []),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    o.html,
    `--${boundary}--`,
    '',
  ]
  const head = [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${id}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    o.text ? `Content-Type: multipart/alternative; boundary="${boundary}"` : 'Content-Type: text/html; charset=utf-8',
    '',
  ]
  return { id, source: o.text ? [...head, ...parts].join('\r\n') : [...head, o.html, ''].join('\r\n') }
}

export function mailWithAttachments(o: {
  from: string
  to: string
  subject: string
  text: string
  files: { name: string; type: string; bytes: Buffer }[]
}) {
  const id = newMessageId()
  const boundary = `m${randomUUID()}`
  const lines = [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${id}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text,
  ]
  for (const f of o.files) {
    lines.push(
      `--${boundary}`,
      `Content-Type: ${f.type}; name="${f.name}"`,
      `Content-Disposition: attachment; filename="${f.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      f.bytes.toString('base64').replace(/.{76}/g, '$&\r\n')
    )
  }
  lines.push(`--${boundary}--`, '')
  return { id, source: lines.join('\r\n') }
}

/** A delivery status notification (RFC 3464) about `original`, as a mail server sends it back. */
export function bounceMail(o: { to: string; original: string; recipient: string; action?: string }) {
  const id = newMessageId('mx.example.test')
  const boundary = `r${randomUUID()}`
  return {
    id,
    source: [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.test>',
      `To: ${o.to}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${id}`,
      `Date: ${new Date().toUTCString()}`,
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Your message to ${o.recipient} could not be delivered.`,
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.test',
      '',
      `Final-Recipient: rfc822; ${o.recipient}`,
      `Action: ${o.action ?? 'failed'}`,
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 user unknown',
      '',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      `From: ${o.to}`,
      `To: ${o.recipient}`,
      `Message-ID: ${o.original}`,
      'Subject: Re: whatever',
      '',
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  }
}
