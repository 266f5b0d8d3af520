/**
 * Signed Meta webhook fixtures, in the shapes of Meta's developer documentation
 * (WhatsApp Cloud API "messages" webhooks; Messenger/Instagram "messaging"
 * webhooks), and the test environment of the Meta app.
 */
import { signMetaPayload } from '../signature.js'

export const APP_SECRET = 'test-meta-app-secret-0123456789'
export const VERIFY_TOKEN = 'balcao-verify-token'
export const APP_ID = '100200300'

/** Points the Meta channels at the fake Graph server with a known app; returns a restore function. */
export function useMetaEnv(graphUrl: string) {
  const keys = ['META_APP_ID', 'META_APP_SECRET', 'META_VERIFY_TOKEN', 'META_GRAPH_URL'] as const
  const previous = Object.fromEntries(keys.map((k) => [k, process.env[k]]))
  process.env.META_APP_ID = APP_ID
  process.env.META_APP_SECRET = APP_SECRET
  process.env.META_VERIFY_TOKEN = VERIFY_TOKEN
  process.env.META_GRAPH_URL = graphUrl
  return () => {
    for (const k of keys) {
      if (previous[k] === undefined) delete process.env[k]
      else process.env[k] = previous[k]
    }
  }
}

/** POSTs a payload signed with the app secret (or the given signature) as Meta does. */
export function postSigned(client: any, path: string, payload: unknown, signature?: string | null) {
  const raw = JSON.stringify(payload)
  const req = client.post(path).header('content-type', 'application/json')
  if (signature !== null) req.header('x-hub-signature-256', signature ?? signMetaPayload(APP_SECRET, raw))
  return req.json(payload)
}

const ts = () => String(Math.floor(Date.now() / 1000))

export function waChange(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  }
}

/** An incoming-messages webhook from one WhatsApp user. */
export function waMessages(phoneNumberId: string, from: string, name: string, messages: Record<string, unknown>[]) {
  return waChange(phoneNumberId, {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: messages.map((m) => ({ from, timestamp: ts(), ...m })),
  })
}

export function waStatus(
  phoneNumberId: string,
  id: string,
  recipient: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error?: { code: number; title: string }
) {
  return waChange(phoneNumberId, {
    statuses: [
      {
        id,
        status,
        timestamp: ts(),
        recipient_id: recipient,
        ...(status !== 'failed'
          ? {
              conversation: { id: 'c1', origin: { type: 'service' } },
              pricing: { billable: true, category: 'service' },
            }
          : {}),
        ...(error ? { errors: [{ code: error.code, title: error.title, message: error.title }] } : {}),
      },
    ],
  })
}

/** A Messenger ("page") or Instagram ("instagram") messaging webhook. */
export function messaging(object: 'page' | 'instagram', recipientId: string, events: Record<string, unknown>[]) {
  return {
    object,
    entry: [
      {
        id: recipientId,
        time: Date.now(),
        messaging: events.map((e) => ({ recipient: { id: recipientId }, timestamp: Date.now(), ...e })),
      },
    ],
  }
}
