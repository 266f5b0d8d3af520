import OpenAI, { APIConnectionError, APIError, toFile } from 'openai'

/**
 * The AI provider behind an interface: the official `openai` package (chat
 * completions and audio transcriptions) by default, a double in tests. The base URL comes
 * from OPENAI_BASE_URL (tests point it at a local fake; production leaves it
 * unset). Nothing is cached per key: every call sends its prompt's own key, so
 * a changed or deleted key takes effect at once (reference §5.5: clients were
 * cached per ticket forever).
 */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatRequest {
  apiKey: string
  model: string
  messages: ChatTurn[]
  temperature: number
  maxTokens: number
}

export interface ChatAnswer {
  text: string
  /** total tokens the provider billed for the call */
  tokens: number
}

export interface AiClient {
  chat(req: ChatRequest): Promise<ChatAnswer>
  transcribe(req: { apiKey: string; audio: Uint8Array; fileName: string }): Promise<string>
}

export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null
  ) {
    super(message)
  }
}

const TIMEOUT_MS = 30_000

export const openAiBaseUrl = () => (process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, '')

/**
 * A client of the official `openai` package for one call: its key, our base
 * URL and timeout, no retries of its own (the job retries; a bot answer must
 * not wait minutes). Building one is cheap and keeps no key in memory.
 */
function clientFor(apiKey: string) {
  return new OpenAI({ apiKey, baseURL: openAiBaseUrl(), timeout: TIMEOUT_MS, maxRetries: 0 })
}

/** The provider's failure as ours: its HTTP status when it answered, null when it could not be reached. */
function providerError(e: unknown): AiProviderError {
  if (e instanceof AiProviderError) return e
  if (e instanceof APIConnectionError) return new AiProviderError(`provider unreachable: ${e.message}`, null)
  if (e instanceof APIError) {
    return new AiProviderError(`provider answered ${e.status ?? '?'}: ${e.message.slice(0, 200)}`, e.status ?? null)
  }
  // the package could not read the answer (not JSON, unexpected shape)
  return new AiProviderError(`provider answered unreadably: ${(e as Error)?.message ?? e}`, 200)
}

export const openAiHttp: AiClient = {
  async chat(req) {
    try {
      const data = await clientFor(req.apiKey).chat.completions.create({
        model: req.model,
        messages: req.messages,
        temperature: req.temperature,
        max_tokens: req.maxTokens,
      })
      const text = data?.choices?.[0]?.message?.content
      if (typeof text !== 'string') throw new AiProviderError('provider answered without a message', 200)
      return { text, tokens: Number(data?.usage?.total_tokens ?? 0) || 0 }
    } catch (e) {
      throw providerError(e)
    }
  },
  async transcribe(req) {
    try {
      const data = await clientFor(req.apiKey).audio.transcriptions.create({
        model: 'whisper-1',
        file: await toFile(req.audio, req.fileName),
      })
      return typeof data?.text === 'string' ? data.text : ''
    } catch (e) {
      throw providerError(e)
    }
  },
}

let current: AiClient = openAiHttp

export const aiClient = () => current

/** Tests swap the client; returns the restore function. */
export function swapAiClient(c: AiClient) {
  const before = current
  current = c
  return () => (current = before)
}
