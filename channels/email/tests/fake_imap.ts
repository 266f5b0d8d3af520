/**
 * A small in-process IMAP server for the tests: just enough of RFC 3501 for
 * imapflow (CAPABILITY, LOGIN, LIST, SELECT/EXAMINE, STATUS, UID SEARCH,
 * UID FETCH of UID/FLAGS/BODY[]/size, IDLE with EXISTS pushed when a mail is
 * delivered, NOOP, LOGOUT). One INBOX per user, plain TCP on 127.0.0.1.
 * Chosen over Debian's dovecot: no apt step, no root daemon, and a test can
 * switch IDLE off to exercise the polling fallback.
 */
import { createServer, type Server, type Socket } from 'node:net'

interface Mail {
  uid: number
  source: Buffer
  date: Date
}

interface Box {
  password: string
  uidValidity: number
  uidNext: number
  mails: Mail[]
}

export interface FakeImap {
  port: number
  host: string
  /** adds a user (password) with an empty INBOX */
  user(name: string, password: string): void
  /** delivers a raw message to a user's INBOX (idle sessions get EXISTS); answers its UID */
  deliver(name: string, source: string | Buffer): number
  /** commands received, per user ("LOGIN", "IDLE", "UID FETCH ...") */
  commands: { user: string | null; line: string }[]
  /** whether to advertise IDLE (off: the client polls) */
  idle: boolean
  /** drops every open connection (a server restart, a network cut) */
  kick(): void
  close(): Promise<void>
}

/** Splits an IMAP argument line into atoms and quoted strings (no literals: the tests' credentials are ASCII). */
function args(line: string): string[] {
  const out: string[] = []
  const re = /"((?:[^"\\]|\\.)*)"|(\([^)]*\))|(\S+)/g
  let m: RegExpExecArray | null
  while ((m = re.exec(line))) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : (m[2] ?? m[3]))
  return out
}

/** Whether uid is in an IMAP sequence set ("1:*", "3,5:7"), * being the highest. */
function inSet(set: string, uid: number, highest: number) {
  return set.split(',').some((part) => {
    const [a, b] = part.split(':').map((x) => (x === '*' ? highest : Number(x)))
    if (b === undefined) return uid === a
    return uid >= Math.min(a, b) && uid <= Math.max(a, b)
  })
}

export async function startFakeImap(): Promise<FakeImap> {
  const boxes = new Map<string, Box>()
  const idlers = new Set<{ user: string; push: () => void }>()
  const sockets = new Set<Socket>()
  const fake: FakeImap = {
    port: 0,
    host: '127.0.0.1',
    commands: [],
    idle: true,
    user(name, password) {
      boxes.set(name, { password, uidValidity: 1000 + Math.floor(Math.random() * 1000), uidNext: 1, mails: [] })
    },
    deliver(name, source) {
      const box = boxes.get(name)
      if (!box) throw new Error(`no such user ${name}`)
      const uid = box.uidNext++
      box.mails.push({ uid, source: Buffer.from(source), date: new Date() })
      for (const i of idlers) if (i.user === name) i.push()
      return uid
    },
    kick() {
      for (const s of sockets) s.destroy()
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }

  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let user: string | null = null
    let selected = false
    let known = 0
    let idling: { tag: string; entry: { user: string; push: () => void } } | null = null
    let buffer = ''
    const send = (s: string | Buffer) => {
      if (!socket.destroyed) socket.write(s)
    }
    const caps = () => `IMAP4rev1 ${fake.idle ? 'IDLE ' : ''}UIDPLUS LITERAL+`
    const box = () => boxes.get(user!)!
    const exists = () => {
      const n = box().mails.length
      if (n !== known) {
        known = n
        send(`* ${n} EXISTS\r\n`)
      }
    }
    send(`* OK [CAPABILITY ${caps()}] fake IMAP ready\r\n`)

    const handle = (line: string) => {
      if (idling) {
        if (line.trim().toUpperCase() === 'DONE') {
          idlers.delete(idling.entry)
          send(`${idling.tag} OK IDLE terminated\r\n`)
          idling = null
        }
        return
      }
      const m = /^(\S+)\s+(UID\s+\S+|\S+)\s*(.*)$/i.exec(line)
      if (!m) return send('* BAD parse error\r\n')
      const [, tag, rawCmd, rest] = m
      const cmd = rawCmd.toUpperCase()
      fake.commands.push({ user, line: cmd === 'LOGIN' ? 'LOGIN' : `${cmd} ${rest}`.trim() })
      const ok = (text = 'done') => send(`${tag} OK ${cmd} ${text}\r\n`)
      if (cmd === 'CAPABILITY') {
        send(`* CAPABILITY ${caps()}\r\n`)
        return ok()
      }
      if (cmd === 'NOOP' || cmd === 'CHECK') {
        if (selected) exists()
        return ok()
      }
      if (cmd === 'LOGOUT') {
        send('* BYE bye\r\n')
        ok()
        return socket.end()
      }
      if (cmd === 'LOGIN') {
        const [name, password] = args(rest)
        const b = boxes.get(name)
        if (!b || b.password !== password) return send(`${tag} NO [AUTHENTICATIONFAILED] Invalid credentials\r\n`)
        user = name
        return send(`${tag} OK [CAPABILITY ${caps()}] LOGIN completed\r\n`)
      }
      if (!user) return send(`${tag} NO not authenticated\r\n`)
      if (cmd === 'ENABLE' || cmd === 'ID') return ok()
      if (cmd === 'NAMESPACE') {
        send('* NAMESPACE (("" "/")) NIL NIL\r\n')
        return ok()
      }
      if (cmd === 'LIST' || cmd === 'LSUB') {
        send(`* ${cmd} (\\HasNoChildren) "/" INBOX\r\n`)
        return ok()
      }
      if (cmd === 'STATUS') {
        const b = box()
        send(
          `* STATUS INBOX (MESSAGES ${b.mails.length} UIDNEXT ${b.uidNext} UIDVALIDITY ${b.uidValidity} UNSEEN 0)\r\n`
        )
        return ok()
      }
      if (cmd === 'SELECT' || cmd === 'EXAMINE') {
        const name = args(rest)[0] ?? ''
        if (name.toUpperCase() !== 'INBOX') return send(`${tag} NO no such mailbox\r\n`)
        const b = box()
        selected = true
        known = b.mails.length
        send('* FLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft)\r\n')
        send('* OK [PERMANENTFLAGS (\\Answered \\Flagged \\Deleted \\Seen \\Draft \\*)] flags\r\n')
        send(`* ${b.mails.length} EXISTS\r\n* 0 RECENT\r\n`)
        send(`* OK [UIDVALIDITY ${b.uidValidity}] UIDs valid\r\n* OK [UIDNEXT ${b.uidNext}] next\r\n`)
        return send(`${tag} OK [${cmd === 'SELECT' ? 'READ-WRITE' : 'READ-ONLY'}] ${cmd} completed\r\n`)
      }
      if (cmd === 'CLOSE' || cmd === 'UNSELECT') {
        selected = false
        return ok()
      }
      if (!selected) return send(`${tag} BAD no mailbox selected\r\n`)
      if (cmd === 'IDLE') {
        if (!fake.idle) return send(`${tag} BAD unknown command\r\n`)
        const entry = { user, push: () => exists() }
        idlers.add(entry)
        idling = { tag, entry }
        send('+ idling\r\n')
        return exists()
      }
      const b = box()
      const highest = b.mails.length ? b.mails[b.mails.length - 1].uid : 0
      if (cmd === 'UID SEARCH' || cmd === 'SEARCH') {
        const a = args(rest)
        const i = a.findIndex((x) => x.toUpperCase() === 'UID')
        const set = i >= 0 ? a[i + 1] : a.find((x) => /^[\d*:,]+$/.test(x))
        const uids = b.mails
          .filter((mail) => (set ? inSet(set, mail.uid, highest) : true))
          .map((mail) => (cmd === 'SEARCH' ? b.mails.indexOf(mail) + 1 : mail.uid))
        send(`* SEARCH${uids.length ? ' ' + uids.join(' ') : ''}\r\n`)
        return ok()
      }
      if (cmd === 'UID FETCH' || cmd === 'FETCH') {
        const set = rest.split(/\s+/)[0]
        const items = rest.slice(set.length).toUpperCase()
        b.mails.forEach((mail, index) => {
          const key = cmd === 'UID FETCH' ? mail.uid : index + 1
          if (!inSet(set, key, cmd === 'UID FETCH' ? highest : b.mails.length)) return
          const parts: (string | Buffer)[] = [`UID ${mail.uid}`]
          if (items.includes('FLAGS')) parts.push('FLAGS ()')
          if (items.includes('RFC822.SIZE')) parts.push(`RFC822.SIZE ${mail.source.length}`)
          if (items.includes('INTERNALDATE')) {
            parts.push(
              `INTERNALDATE "${mail.date
                .toUTCString()
                .replace(/^\w+, /, '')
                .replace('GMT', '+0000')}"`
            )
          }
          let out = Buffer.from(`* ${index + 1} FETCH (${parts.join(' ')}`)
          if (/BODY(\.PEEK)?\[\]/.test(items)) {
            out = Buffer.concat([out, Buffer.from(` BODY[] {${mail.source.length}}\r\n`), mail.source])
          }
          send(Buffer.concat([out, Buffer.from(')\r\n')]))
        })
        return ok()
      }
      if (cmd === 'UID STORE' || cmd === 'STORE') return ok()
      send(`${tag} BAD unknown command ${cmd}\r\n`)
    }

    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1')
      let i: number
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i)
        buffer = buffer.slice(i + 2)
        handle(line)
      }
    })
    socket.on('close', () => {
      if (idling) idlers.delete(idling.entry)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  fake.port = (server.address() as { port: number }).port
  return fake
}
