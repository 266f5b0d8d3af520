/**
 * Dialogflow (ES, v2) through the official `@google-cloud/dialogflow` client,
 * behind an interface: the service-account credentials are checked here
 * (shape), the calls go through a DialogflowClient; tests use a double of the
 * client or of the library with the same interface.
 */
import { AppError } from '#core/errors'

export interface ServiceAccount {
  project_id?: string
  client_email: string
  private_key: string
}

export interface DetectIntent {
  credentials: ServiceAccount
  projectName: string
  sessionId: string
  languageCode: string
  text: string
}

export interface DialogflowClient {
  /** throws when the project cannot be reached with these credentials */
  check(credentials: ServiceAccount, projectName: string, languageCode: string): Promise<void>
  detectIntent(req: DetectIntent): Promise<{ replies: string[]; endConversation: boolean }>
}

/** The credentials JSON of a Google service account, or ERR_INTEGRATION_CREDENTIALS_INVALID. */
export function parseCredentials(json: string): ServiceAccount {
  let data: any
  try {
    data = JSON.parse(json)
  } catch {
    throw new AppError('ERR_INTEGRATION_CREDENTIALS_INVALID', 422)
  }
  if (
    !data ||
    typeof data.client_email !== 'string' ||
    typeof data.private_key !== 'string' ||
    !data.private_key.includes('PRIVATE KEY')
  ) {
    throw new AppError('ERR_INTEGRATION_CREDENTIALS_INVALID', 422)
  }
  return { project_id: data.project_id, client_email: data.client_email, private_key: data.private_key }
}

/** What the adapter needs of `@google-cloud/dialogflow` (tests pass a double of the same shape). */
export interface DialogflowLibrary {
  SessionsClient: new (options: ClientOptions) => {
    projectAgentSessionPath(project: string, session: string): string
    detectIntent(request: object, options?: CallOptions): Promise<[DetectIntentResponse, ...unknown[]]>
    close(): Promise<void>
  }
  AgentsClient: new (options: ClientOptions) => {
    getAgent(request: { parent: string }, options?: CallOptions): Promise<unknown>
    close(): Promise<void>
  }
}

/** a bot answer or a test button must not wait on Google for long */
const CALL = { timeout: 15_000 }
interface CallOptions {
  timeout?: number
}

interface ClientOptions {
  credentials: { client_email: string; private_key: string }
  projectId: string
}

interface DetectIntentResponse {
  queryResult?: {
    fulfillmentText?: string | null
    fulfillmentMessages?: { text?: { text?: string[] | null } | null }[] | null
    diagnosticInfo?: { fields?: Record<string, { boolValue?: boolean | null }> | null } | null
  } | null
}

/** The texts Dialogflow answered (its text messages, else the fulfillment text), and whether it ended the talk. */
export function readResponse(response: DetectIntentResponse) {
  const result = response.queryResult ?? {}
  const texts = (result.fulfillmentMessages ?? [])
    .flatMap((m) => m.text?.text ?? [])
    .map((t) => t.trim())
    .filter(Boolean)
  const replies = texts.length ? texts : [result.fulfillmentText?.trim() ?? ''].filter(Boolean)
  const endConversation = result.diagnosticInfo?.fields?.end_conversation?.boolValue === true
  return { replies, endConversation }
}

/** Sessions clients stay open for a while and are closed when idle (never cached forever). */
const IDLE_MS = 10 * 60_000
const MAX_CLIENTS = 50

/**
 * The adapter of the official client. A sessions client per service account
 * and project (it holds a gRPC channel and a token); the project is the
 * integration's projectName, else the credentials' project_id.
 */
export function officialDialogflow(load: () => Promise<DialogflowLibrary>): DialogflowClient {
  type Sessions = InstanceType<DialogflowLibrary['SessionsClient']>
  const open = new Map<string, { client: Sessions; timer: NodeJS.Timeout }>()
  const options = (credentials: ServiceAccount, projectName: string): ClientOptions => ({
    credentials: { client_email: credentials.client_email, private_key: credentials.private_key },
    projectId: projectOf(credentials, projectName),
  })
  const release = (key: string) => {
    const entry = open.get(key)
    if (!entry) return
    open.delete(key)
    clearTimeout(entry.timer)
    entry.client.close().catch(() => {})
  }
  const sessions = async (credentials: ServiceAccount, projectName: string) => {
    const key = `${credentials.client_email}\n${projectOf(credentials, projectName)}\n${credentials.private_key}`
    const entry = open.get(key)
    if (entry) {
      entry.timer.refresh()
      return entry.client
    }
    if (open.size >= MAX_CLIENTS) release(open.keys().next().value!)
    const lib = await load()
    const client = new lib.SessionsClient(options(credentials, projectName))
    const timer = setTimeout(() => release(key), IDLE_MS)
    timer.unref()
    open.set(key, { client, timer })
    return client
  }
  return {
    async check(credentials, projectName) {
      const lib = await load()
      const agents = new lib.AgentsClient(options(credentials, projectName))
      try {
        await agents.getAgent({ parent: `projects/${projectOf(credentials, projectName)}` }, CALL)
      } finally {
        agents.close().catch(() => {})
      }
    },
    async detectIntent(req) {
      const client = await sessions(req.credentials, req.projectName)
      const [response] = await client.detectIntent(
        {
          session: client.projectAgentSessionPath(projectOf(req.credentials, req.projectName), req.sessionId),
          queryInput: { text: { text: req.text.slice(0, 256), languageCode: req.languageCode } },
        },
        CALL
      )
      return readResponse(response)
    },
  }
}

function projectOf(credentials: ServiceAccount, projectName: string) {
  const project = projectName.trim() || credentials.project_id || ''
  if (!project) throw new AppError('ERR_INTEGRATION_CREDENTIALS_INVALID', 422)
  return project
}

/** Tests never reach Google: the default client there refuses; a test that needs one sets a double. */
const offline: DialogflowClient = {
  async check() {
    throw new Error('Dialogflow is not reachable from tests')
  },
  async detectIntent() {
    throw new Error('Dialogflow is not reachable from tests')
  },
}

// loaded on first use: the library is large and most companies never use Dialogflow
let current: DialogflowClient =
  process.env.NODE_ENV === 'test'
    ? offline
    : officialDialogflow(async () => (await import('@google-cloud/dialogflow')) as unknown as DialogflowLibrary)
export const dialogflow = () => current

/** Tests set a double of the client; returns the restore function. */
export function swapDialogflow(c: DialogflowClient) {
  const before = current
  current = c
  return () => (current = before)
}
