/** Error codes the messaging API answers (declared in its manifest); the shared ones are the core's. */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_API_INVALID_TOKEN: {
    pt: 'Token de API inválido: envie o token de uma conexão da empresa em Authorization: Bearer <token>.',
    en: "Invalid API token: send a company connection's token in Authorization: Bearer <token>.",
    es: 'Token de API inválido: envíe el token de una conexión de la empresa en Authorization: Bearer <token>.',
  },
  ERR_API_NUMBER_INVALID: {
    pt: 'O número deve conter apenas dígitos: código do país, DDD e número, sem máscara nem caracteres especiais.',
    en: 'The number must contain digits only: country code, area code and number, with no mask or special characters.',
    es: 'El número debe contener solo dígitos: código de país, código de área y número, sin máscara ni caracteres especiales.',
  },
  ERR_CHECK_NUMBER: {
    pt: 'Este número não tem conta no canal da conexão.',
    en: "This number has no account on the connection's channel.",
    es: 'Este número no tiene cuenta en el canal de la conexión.',
  },
  ERR_API_MESSAGE_EMPTY: {
    pt: 'Informe o texto da mensagem (body) ou um arquivo (medias).',
    en: 'Give the message text (body) or a file (medias).',
    es: 'Indique el texto del mensaje (body) o un archivo (medias).',
  },
  ERR_API_MEDIA_TYPE: {
    pt: 'Tipo de arquivo não aceito: envie imagem, áudio, vídeo ou documento (PDF, planilha, texto).',
    en: 'File type not accepted: send an image, audio, video or document (PDF, spreadsheet, text).',
    es: 'Tipo de archivo no aceptado: envíe imagen, audio, vídeo o documento (PDF, hoja de cálculo, texto).',
  },
  ERR_API_MEDIA_TOO_LARGE: {
    pt: 'Arquivo grande demais: até 16 MB por arquivo e 5 arquivos por envio.',
    en: 'File too large: up to 16 MB per file and 5 files per call.',
    es: 'Archivo demasiado grande: hasta 16 MB por archivo y 5 archivos por envío.',
  },
  ERR_API_IDEMPOTENCY_MISMATCH: {
    pt: 'Esta Idempotency-Key já foi usada com outro conteúdo nas últimas 24 horas.',
    en: 'This Idempotency-Key was already used with a different payload in the last 24 hours.',
    es: 'Esta Idempotency-Key ya se usó con otro contenido en las últimas 24 horas.',
  },
  ERR_API_IDEMPOTENCY_KEY: {
    pt: 'Idempotency-Key inválida: de 1 a 200 caracteres visíveis.',
    en: 'Invalid Idempotency-Key: 1 to 200 visible characters.',
    es: 'Idempotency-Key inválida: de 1 a 200 caracteres visibles.',
  },
  ERR_NO_API_MESSAGE_FOUND: {
    pt: 'Nenhuma mensagem encontrada com este ID para esta conexão.',
    en: 'No message found with this ID for this connection.',
    es: 'No se encontró ningún mensaje con este ID para esta conexión.',
  },
  ERR_NO_WEBHOOK_FOUND: {
    pt: 'Nenhum webhook encontrado com este ID.',
    en: 'No webhook found with this ID.',
    es: 'No se encontró ningún webhook con este ID.',
  },
  ERR_NO_WEBHOOK_DELIVERY_FOUND: {
    pt: 'Nenhuma entrega de webhook encontrada com este ID.',
    en: 'No webhook delivery found with this ID.',
    es: 'No se encontró ninguna entrega de webhook con este ID.',
  },
  ERR_WEBHOOK_URL_NOT_ALLOWED: {
    pt: 'Endereço de webhook não permitido: use uma URL pública http(s) sem usuário e senha.',
    en: 'Webhook address not allowed: use a public http(s) URL without user and password.',
    es: 'Dirección de webhook no permitida: use una URL pública http(s) sin usuario ni contraseña.',
  },
}
