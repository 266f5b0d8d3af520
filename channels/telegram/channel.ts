import { defineChannel } from '#core/module'
import { telegramErrors } from './errors.js'

/**
 * Telegram: a connection is one bot, driven through the Bot API with its
 * token (checked with getMe on save, stored sealed). Inbound updates come on
 * a per-connection webhook guarded by a secret header, or by long polling
 * when this deployment has no public address; outbound messages go through
 * the outbox with Telegram's rate limits respected.
 */
export default defineChannel({
  name: 'telegram',
  feature: 'useTelegram',
  planFlags: [{ name: 'useTelegram', label: { pt: 'Telegram', en: 'Telegram', es: 'Telegram' }, default: true }],
  label: { pt: 'Telegram', en: 'Telegram', es: 'Telegram' },
  icon: 'chat',
  color: '#229ED9',
  // Telegram takes ~30 messages a second per bot; the driver paces per bot and per chat
  maxInFlight: 8,
  fields: [
    {
      name: 'botToken',
      type: 'password',
      required: true,
      label: { pt: 'Token do bot', en: 'Bot token', es: 'Token del bot' },
      help: {
        pt: 'O token que o @BotFather entrega (123456:ABC...). Guardado criptografado e verificado no Telegram ao salvar.',
        en: 'The token @BotFather gives you (123456:ABC...). Stored encrypted and checked with Telegram on save.',
        es: 'El token que entrega @BotFather (123456:ABC...). Se guarda cifrado y se verifica con Telegram al guardar.',
      },
    },
  ],
  settings: () => import('./settings.js'),
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
  errors: telegramErrors,
})
