import { defineChannel } from '#core/module'

/**
 * The API channel: a connection any outside system can drive with no
 * WhatsApp or Meta account. Inbound messages arrive on a signed webhook;
 * outbound ones are POSTed, signed, to the connection's callback URL.
 */
export default defineChannel({
  name: 'api',
  feature: 'useExternalApi',
  planFlags: [
    { name: 'useExternalApi', label: { pt: 'API externa', en: 'External API', es: 'API externa' }, default: true },
  ],
  label: { pt: 'API', en: 'API', es: 'API' },
  icon: 'code',
  // an HTTP callback takes parallel deliveries; each message carries its Idempotency-Key
  maxInFlight: 16,
  color: '#6b6b6b',
  fields: [
    {
      name: 'callbackUrl',
      type: 'url',
      label: { pt: 'URL de retorno', en: 'Callback URL', es: 'URL de retorno' },
      help: {
        pt: 'As mensagens enviadas pelos atendentes são entregues nesta URL (POST assinado).',
        en: 'Messages sent by agents are delivered to this URL (signed POST).',
        es: 'Los mensajes enviados por los agentes se entregan en esta URL (POST firmado).',
      },
    },
    {
      name: 'secret',
      type: 'password',
      label: { pt: 'Segredo de assinatura', en: 'Signing secret', es: 'Secreto de firma' },
      help: {
        pt: 'Assina os webhooks nos dois sentidos; pelo menos 16 caracteres. Sem ele, assina o token da conexão.',
        en: 'Signs the webhooks both ways; at least 16 characters. Without it, the connection token signs.',
        es: 'Firma los webhooks en ambos sentidos; al menos 16 caracteres. Sin él, firma el token de la conexión.',
      },
    },
  ],
  settings: () => import('./settings.js'),
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
})
