import { defineChannel } from '#core/module'
import { errors } from './errors.js'

const ask = [
  { value: 'off', label: { pt: 'Não perguntar', en: 'Do not ask', es: 'No preguntar' } },
  { value: 'optional', label: { pt: 'Opcional', en: 'Optional', es: 'Opcional' } },
  { value: 'required', label: { pt: 'Obrigatório', en: 'Required', es: 'Obligatorio' } },
]

/**
 * The website chat: a small script any website embeds (one <script> tag with
 * the connection's public key) opens a chat bubble; visitors write without an
 * account and agents answer from the inbox. Needs no outside account.
 */
export default defineChannel({
  name: 'webchat',
  feature: 'useWebchat',
  planFlags: [
    { name: 'useWebchat', label: { pt: 'Chat do site', en: 'Website chat', es: 'Chat del sitio' }, default: true },
  ],
  label: { pt: 'Chat do site', en: 'Website chat', es: 'Chat del sitio' },
  icon: 'chat',
  color: '#0f6cbd',
  // replies go to an in-process stream and the visitor's history: no provider to pace
  maxInFlight: 16,
  fields: [
    {
      name: 'allowedOrigins',
      type: 'text',
      required: true,
      label: { pt: 'Sites permitidos', en: 'Allowed websites', es: 'Sitios permitidos' },
      help: {
        pt: 'Origens que podem usar o chat, separadas por vírgula (ex.: https://www.exemplo.com.br).',
        en: 'Origins that may use the chat, comma-separated (e.g. https://www.example.com).',
        es: 'Orígenes que pueden usar el chat, separados por comas (ej.: https://www.ejemplo.com).',
      },
    },
    {
      name: 'title',
      type: 'text',
      label: { pt: 'Título do chat', en: 'Chat title', es: 'Título del chat' },
    },
    {
      name: 'preChatName',
      type: 'select',
      label: { pt: 'Pedir o nome', en: 'Ask for the name', es: 'Pedir el nombre' },
      options: ask,
    },
    {
      name: 'preChatEmail',
      type: 'select',
      label: { pt: 'Pedir o e-mail', en: 'Ask for the e-mail', es: 'Pedir el correo' },
      options: ask,
    },
  ],
  // the connection dialog shows the tag to paste into the website
  snippet: '/channels/webchat/connections/:whatsappId/snippet',
  errors,
  settings: () => import('./settings.js'),
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
})
