/** The Telegram channel's error codes, with their texts. */
export const telegramErrors = {
  ERR_TELEGRAM_TOKEN_INVALID: {
    pt: 'O Telegram recusou este token de bot.',
    en: 'Telegram refused this bot token.',
    es: 'Telegram rechazó este token de bot.',
  },
  ERR_TELEGRAM_REFUSED: {
    pt: 'O Telegram recusou a mensagem.',
    en: 'Telegram refused the message.',
    es: 'Telegram rechazó el mensaje.',
  },
  ERR_TELEGRAM_THROTTLED: {
    pt: 'Limite de envio do Telegram atingido; nova tentativa em instantes.',
    en: 'Telegram rate limit reached; retrying shortly.',
    es: 'Límite de envío de Telegram alcanzado; se reintentará en breve.',
  },
}
