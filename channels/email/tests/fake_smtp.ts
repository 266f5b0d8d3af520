/**
 * A local SMTP server for the tests (smtp-server): plain TCP on 127.0.0.1,
 * AUTH PLAIN/LOGIN against a user table, every accepted mail kept raw and
 * parsed. `refuseRecipients` answers 550 for those addresses.
 */
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: Buffer
  parsed: ParsedMail
}

export interface FakeSmtp {
  port: number
  host: string
  user(name: string, password: string): void
  received: ReceivedMail[]
  refuseRecipients: Set<string>
  close(): Promise<void>
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const users = new Map<string, string>()
  const fake: FakeSmtp = {
    port: 0,
    host: '127.0.0.1',
    received: [],
    refuseRecipients: new Set(),
    user: (name, password) => void users.set(name, password),
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username && users.get(auth.username) === auth.password) return cb(null, { user: auth.username })
      cb(new Error('Invalid username or password'))
    },
    onRcptTo(address, _session, cb) {
      if (fake.refuseRecipients.has(address.address.toLowerCase())) {
        const error: Error & { responseCode?: number } = new Error('mailbox unavailable')
        error.responseCode = 550
        return cb(error)
      }
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks)
        fake.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: await simpleParser(raw),
        })
        cb()
      })
    },
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  fake.port = (server.server.address() as { port: number }).port
  return fake
}
