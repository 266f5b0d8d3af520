import { test } from '@japa/runner'
import { officialDialogflow, readResponse, type DialogflowLibrary } from '../services/dialogflow.js'

const ACCOUNT = {
  project_id: 'conta-projeto',
  client_email: 'bot@conta-projeto.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n',
}

/** A double of `@google-cloud/dialogflow` that records what the adapter asks of it. */
function fakeLibrary(answer: object) {
  const seen = { sessionsMade: 0, options: [] as any[], requests: [] as any[], agents: [] as any[], closed: 0 }
  const lib: DialogflowLibrary = {
    SessionsClient: class {
      constructor(options: any) {
        seen.sessionsMade++
        seen.options.push(options)
      }
      projectAgentSessionPath(project: string, session: string) {
        return `projects/${project}/agent/sessions/${session}`
      }
      async detectIntent(request: object): Promise<[any]> {
        seen.requests.push(request)
        return [answer]
      }
      async close() {
        seen.closed++
      }
    },
    AgentsClient: class {
      constructor(options: any) {
        seen.options.push(options)
      }
      async getAgent(request: { parent: string }) {
        seen.agents.push(request)
        if (request.parent.includes('sem-acesso')) throw new Error('7 PERMISSION_DENIED')
        return {}
      }
      async close() {
        seen.closed++
      }
    },
  }
  return { lib, seen }
}

test.group('integrations: the official Dialogflow client adapter', () => {
  test('detectIntent sends the text to the project session and reads the texts and the end of the talk', async ({
    assert,
  }) => {
    const { lib, seen } = fakeLibrary({
      queryResult: {
        fulfillmentText: 'ignorado quando há mensagens',
        fulfillmentMessages: [
          { text: { text: ['Olá!', ' '] } },
          { payload: {} },
          { text: { text: ['Como posso ajudar?'] } },
        ],
        diagnosticInfo: { fields: { end_conversation: { boolValue: true } } },
      },
    })
    const client = officialDialogflow(async () => lib)
    const out = await client.detectIntent({
      credentials: ACCOUNT,
      projectName: 'meu-agente',
      sessionId: '7-5511999990000',
      languageCode: 'pt-BR',
      text: 'oi',
    })
    assert.deepEqual(out, { replies: ['Olá!', 'Como posso ajudar?'], endConversation: true })
    assert.deepEqual(seen.requests[0], {
      session: 'projects/meu-agente/agent/sessions/7-5511999990000',
      queryInput: { text: { text: 'oi', languageCode: 'pt-BR' } },
    })
    assert.deepEqual(seen.options[0], {
      credentials: { client_email: ACCOUNT.client_email, private_key: ACCOUNT.private_key },
      projectId: 'meu-agente',
    })

    // the same account and project reuse their client
    await client.detectIntent({
      credentials: ACCOUNT,
      projectName: 'meu-agente',
      sessionId: 's2',
      languageCode: 'pt-BR',
      text: 'e aí',
    })
    assert.equal(seen.sessionsMade, 1)
    // no project name: the credentials' own project
    await client.detectIntent({
      credentials: ACCOUNT,
      projectName: ' ',
      sessionId: 's3',
      languageCode: 'en',
      text: 'hi',
    })
    assert.equal(seen.sessionsMade, 2)
    assert.equal(seen.requests[2].session, 'projects/conta-projeto/agent/sessions/s3')
  })

  test('the fulfillment text when there are no text messages; no end unless Dialogflow says so', ({ assert }) => {
    assert.deepEqual(readResponse({ queryResult: { fulfillmentText: ' Tchau ' } }), {
      replies: ['Tchau'],
      endConversation: false,
    })
    assert.deepEqual(readResponse({}), { replies: [], endConversation: false })
  })

  test('check reads the agent of the project and closes its client; a refusal throws', async ({ assert }) => {
    const { lib, seen } = fakeLibrary({})
    const client = officialDialogflow(async () => lib)
    await client.check(ACCOUNT, 'meu-agente', 'pt-BR')
    assert.deepEqual(seen.agents, [{ parent: 'projects/meu-agente' }])
    assert.equal(seen.closed, 1)
    await assert.rejects(() => client.check(ACCOUNT, 'sem-acesso', 'pt-BR'), /PERMISSION_DENIED/)
    assert.equal(seen.closed, 2)
  })

  test('the official package loads and exposes the clients the adapter uses', async ({ assert }) => {
    const lib = (await import('@google-cloud/dialogflow')) as unknown as DialogflowLibrary
    assert.isFunction(lib.SessionsClient)
    assert.isFunction(lib.AgentsClient)
    // constructing a client opens no connection (gRPC connects on the first call)
    const sessions = new lib.SessionsClient({ credentials: ACCOUNT, projectId: 'p' })
    assert.equal(sessions.projectAgentSessionPath('p', 's'), 'projects/p/agent/sessions/s')
    await sessions.close()
  })
})
