/**
 * A local stand-in for the OpenAI API (chat completions, transcriptions): it
 * records every request and answers what the test says. Tests point
 * OPENAI_BASE_URL at it; nothing reaches the internet.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  path: string
  authorization: string | undefined
  body: any
}

export class FakeOpenAi {
  readonly requests: SeenRequest[] = []
  /** the assistant's text for a chat request; throw a number to answer that HTTP status */
  answer: (body: any) => string | number = () => 'Olá! Como posso ajudar?'
  transcript = 'quero saber o preço'
  #server: Server | null = null
  #before: string | undefined

  async start() {
    this.#server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c) => chunks.push(c))
      req.on('end', () => {
        const raw = Buffer.concat(chunks)
        const isJson = String(req.headers['content-type'] ?? '').includes('json')
        const body = isJson ? JSON.parse(raw.toString('utf8')) : raw.length
        this.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body })
        if (req.url === '/v1/audio/transcriptions') {
          res.writeHead(200, { 'content-type': 'application/json' })
          return res.end(JSON.stringify({ text: this.transcript }))
        }
        const out = this.answer(body)
        if (typeof out === 'number') {
          res.writeHead(out, { 'content-type': 'application/json' })
          return res.end(JSON.stringify({ error: { message: 'fake failure' } }))
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            choices: [{ message: { role: 'assistant', content: out } }],
            usage: { total_tokens: 42 },
          })
        )
      })
    })
    await new Promise<void>((r) => this.#server!.listen(0, '127.0.0.1', r))
    this.#before = process.env.OPENAI_BASE_URL
    process.env.OPENAI_BASE_URL = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/v1`
    return this
  }

  get chats() {
    return this.requests.filter((r) => r.path === '/v1/chat/completions')
  }

  async stop() {
    if (this.#before === undefined) delete process.env.OPENAI_BASE_URL
    else process.env.OPENAI_BASE_URL = this.#before
    await new Promise<void>((r) => this.#server?.close(() => r()) ?? r())
  }
}
