/**
 * The telegram connection settings: the bot token, checked with getMe on
 * every save and stored sealed. A stored token is kept when Telegram cannot be
 * reached (editing the name must not depend on Telegram); a refused one never.
 */
import vine from '@vinejs/vine'
import { BOT_TOKEN, TelegramError, botApi } from './bot_api.js'
import { isSealed, openSecret, sealSecret } from '#core/secrets'

const checkedToken = vine.createRule(
  async (value, _options, field) => {
    if (typeof value !== 'string' || !field.isValid) return
    const token = isSealed(value) ? openSecret(value) : value
    if (!BOT_TOKEN.test(token)) {
      field.report('ERR_TELEGRAM_TOKEN_INVALID', 'telegramToken', field)
      return
    }
    try {
      const me = await botApi<{ id: number; is_bot?: boolean }>(token, 'getMe')
      if (!me?.id || me.is_bot === false) {
        field.report('ERR_TELEGRAM_TOKEN_INVALID', 'telegramToken', field)
        return
      }
    } catch (error) {
      const unreachable = error instanceof TelegramError && (error.status === 0 || error.status >= 500)
      if (!(unreachable && isSealed(value))) {
        field.report('ERR_TELEGRAM_TOKEN_INVALID', 'telegramToken', field)
        return
      }
    }
    field.mutate(sealSecret(token), field)
  },
  { isAsync: true }
)

export default vine.object({
  botToken: vine.string().trim().minLength(10).maxLength(4000).use(checkedToken()),
})
