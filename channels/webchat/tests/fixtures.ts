/** Test fixtures of the website chat: a webchat connection of a company, its key, and widget calls from an origin. */
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp, type Company } from '#core/models'
import { uid } from '#tests/helpers/world'
import { ensureKey } from '../keys.js'

export const SITE = 'https://shop.example.test'

export async function webchatConnection(company: Company, settings: Record<string, unknown> = {}, queueId?: number) {
  const whatsapp = await tenancy.run(company.id, () =>
    Whatsapp.create({
      name: `Site ${uid()}`,
      channel: 'webchat',
      status: 'CONNECTED',
      settings: { allowedOrigins: SITE, ...settings },
    } as any)
  )
  if (queueId) await db.table('whatsapp_queues').insert({ whatsapp_id: whatsapp.id, queue_id: queueId })
  const key = await tenancy.run(company.id, () => ensureKey(whatsapp.id))
  return { whatsapp, key }
}

/** A widget call as a browser on `origin` makes it. */
export function widget(
  client: any,
  method: 'get' | 'post',
  key: string,
  path: string,
  opts: {
    origin?: string | null
    visitor?: string
    body?: unknown
    qs?: Record<string, unknown>
  } = {}
) {
  let req = client[method](`/channels/webchat/${key}/${path}`)
  const origin = opts.origin === undefined ? SITE : opts.origin
  if (origin) req = req.header('origin', origin)
  if (opts.visitor) req = req.header('x-webchat-visitor', opts.visitor)
  if (opts.qs) req = req.qs(opts.qs)
  if (opts.body) req = req.json(opts.body)
  return req
}
