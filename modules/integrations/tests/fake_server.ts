/**
 * A local HTTP server for integration tests (webhook receiver, Typebot): it
 * records requests (raw body, headers) and answers with the test's handler.
 * Nothing reaches the internet.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Seen {
  method: string
  path: string
  headers: IncomingHttpHeaders
  raw: string
  body: any
}

export interface Answer {
  status?: number
  json?: unknown
  text?: string
}

export class FakeServer {
  readonly seen: Seen[] = []
  handler: (req: Seen) => Answer = () => ({ status: 200, json: {} })
  #server: Server | null = null
  url = ''

  async start() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        let body: any = raw
        try {
          body = JSON.parse(raw)
        } catch {}
        const seen = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body }
        this.seen.push(seen)
        const a = this.handler(seen)
        if (a.json !== undefined) {
          res.writeHead(a.status ?? 200, { 'content-type': 'application/json' })
          return res.end(JSON.stringify(a.json))
        }
        res.writeHead(a.status ?? 200, { 'content-type': 'text/plain' })
        res.end(a.text ?? '')
      })
    })
    await new Promise<void>((r) => this.#server!.listen(0, '127.0.0.1', r))
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`
    return this
  }

  async stop() {
    await new Promise<void>((r) => this.#server?.close(() => r()) ?? r())
  }
}

/** A Typebot text bubble. */
export const bubble = (text: string, bold = false) => ({
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text, ...(bold ? { bold: true } : {}) }] }] },
})
