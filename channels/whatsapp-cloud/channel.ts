import { defineChannel } from '#core/module'
import { metaErrors } from '#channels/meta/errors'

/**
 * WhatsApp Business Platform (Cloud API): a connection is one business phone
 * number of a WABA, driven through Meta's Graph API with a system-user token.
 * No session to keep: inbound events come on the app's signed webhook,
 * outbound messages go to /{phone-number-id}/messages. This plugin also owns
 * the tables the three Meta channels share (the 24-hour windows).
 */
export default defineChannel({
  name: 'whatsappapi',
  feature: 'useWhatsapp',
  label: { pt: 'WhatsApp Cloud API', en: 'WhatsApp Cloud API', es: 'WhatsApp Cloud API' },
  icon: 'chat',
  color: '#128C7E',
  // Meta takes parallel sends (80 msg/s per number by default); the driver paces and backs off
  maxInFlight: 16,
  fields: [
    {
      name: 'phoneNumberId',
      type: 'text',
      required: true,
      label: { pt: 'ID do número de telefone', en: 'Phone number ID', es: 'ID del número de teléfono' },
      help: {
        pt: 'Em Meta for Developers › WhatsApp › Configuração da API.',
        en: 'In Meta for Developers › WhatsApp › API Setup.',
        es: 'En Meta for Developers › WhatsApp › Configuración de la API.',
      },
    },
    {
      name: 'wabaId',
      type: 'text',
      required: true,
      label: {
        pt: 'ID da conta do WhatsApp Business',
        en: 'WhatsApp Business account ID',
        es: 'ID de la cuenta de WhatsApp Business',
      },
    },
    {
      name: 'systemUserToken',
      type: 'password',
      required: true,
      label: { pt: 'Token do usuário do sistema', en: 'System user token', es: 'Token del usuario del sistema' },
      help: {
        pt: 'Token permanente com whatsapp_business_messaging e whatsapp_business_management. Guardado criptografado e verificado na Meta ao salvar.',
        en: 'Permanent token with whatsapp_business_messaging and whatsapp_business_management. Stored encrypted and checked with Meta on save.',
        es: 'Token permanente con whatsapp_business_messaging y whatsapp_business_management. Se guarda cifrado y se verifica con Meta al guardar.',
      },
    },
  ],
  // the chat shows the 24-hour window and, once it closed, the template picker
  chat: {
    window: '/meta/window/:ticketId',
    templates: { list: '/whatsappapi/:whatsappId/templates', send: '/whatsappapi/templates/send' },
  },
  settings: () => import('./settings.js'),
  migrations: './database/migrations',
  provider: () => import('./provider.js'),
  errors: metaErrors,
})
