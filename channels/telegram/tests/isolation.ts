/**
 * The webhook is not a session route: it is authenticated by the secret
 * header Telegram was given. A call without it is refused with 401 whoever
 * makes it (anonymous, another company's admin, or the owner's own admin),
 * nothing is stored and nothing of the connection is revealed.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { Whatsapp } from '#core/models'
import { defineIsolationCases } from '#tests/helpers/isolation'
import { hashSecret } from '../bot_state.js'

export default defineIsolationCases([
  {
    route: 'POST /channels/telegram/webhook/:key',
    access: 'user',
    cross: 'filter',
    ok: 401,
    fixture: async (owner) => {
      const mk = `mk${randomUUID().slice(0, 8)}`
      const w = await tenancy.run(owner.company.id, () =>
        Whatsapp.create({ name: `Telegram ${mk}`, channel: 'telegram', status: 'CONNECTED', settings: {} } as any)
      )
      const key = randomBytes(24).toString('base64url')
      await db.table('telegram_bots').insert({
        company_id: owner.company.id,
        whatsapp_id: w.id,
        mode: 'webhook',
        webhook_key: key,
        secret_hash: hashSecret(randomBytes(32).toString('base64url')),
      })
      return {
        params: { key },
        body: {
          update_id: 1,
          message: { message_id: 1, date: 1, chat: { id: 42, type: 'private' }, from: { id: 42 }, text: mk },
        },
        marker: mk,
      }
    },
  },
])
