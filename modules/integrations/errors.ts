/** Error codes the queue integrations module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_INTEGRATION_FOUND: {
    pt: 'Nenhuma integração encontrada com este ID.',
    en: 'No integration found with this ID.',
    es: 'No se encontró ninguna integración con este ID.',
  },
  ERR_INTEGRATION_URL_REQUIRED: {
    pt: 'Informe a URL da integração.',
    en: 'Enter the integration URL.',
    es: 'Indique la URL de la integración.',
  },
  ERR_INTEGRATION_SLUG_REQUIRED: {
    pt: 'Informe o nome (slug) do Typebot.',
    en: 'Enter the Typebot name (slug).',
    es: 'Indique el nombre (slug) del Typebot.',
  },
  ERR_INTEGRATION_CREDENTIALS_INVALID: {
    pt: 'As credenciais da conta de serviço são inválidas.',
    en: 'The service-account credentials are invalid.',
    es: 'Las credenciales de la cuenta de servicio no son válidas.',
  },
  ERR_INTEGRATION_TEST_FAILED: {
    pt: 'O teste da integração falhou: verifique o projeto, as credenciais e o idioma.',
    en: 'The integration test failed: check the project, credentials and language.',
    es: 'La prueba de la integración falló: verifique el proyecto, las credenciales y el idioma.',
  },
  // why a try of the delivery log failed (services/webhook.ts): what every user reads
  ERR_INTEGRATION_DELIVERY_STATUS: {
    pt: 'O receptor respondeu com um código de erro.',
    en: 'The receiver answered with an error status.',
    es: 'El receptor respondió con un código de error.',
  },
  ERR_INTEGRATION_DELIVERY_TIMEOUT: {
    pt: 'O receptor não respondeu a tempo.',
    en: 'The receiver did not answer in time.',
    es: 'El receptor no respondió a tiempo.',
  },
  ERR_INTEGRATION_DELIVERY_BLOCKED: {
    pt: 'O endereço da integração não é permitido.',
    en: 'The integration address is not allowed.',
    es: 'La dirección de la integración no está permitida.',
  },
  ERR_INTEGRATION_DELIVERY_UNREACHABLE: {
    pt: 'Não foi possível conectar ao receptor.',
    en: 'Could not connect to the receiver.',
    es: 'No se pudo conectar con el receptor.',
  },
  ERR_INTEGRATION_DELIVERY_FAILED: {
    pt: 'A entrega falhou.',
    en: 'The delivery failed.',
    es: 'La entrega falló.',
  },
}
