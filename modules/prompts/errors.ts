/** Error codes the AI prompts module answers (declared in its manifest). */
import type { Localized } from '#core/module'

export const errors: Record<string, Localized> = {
  ERR_NO_PROMPT_FOUND: {
    pt: 'Nenhum prompt encontrado com este ID.',
    en: 'No prompt found with this ID.',
    es: 'No se encontró ningún prompt con este ID.',
  },
  ERR_PROMPT_QUEUE_REQUIRED: {
    pt: 'Informe o setor',
    en: 'Choose the department (queue)',
    es: 'Indique el sector (cola)',
  },
  ERR_PROMPT_API_KEY_REQUIRED: {
    pt: 'Informe a chave da API da OpenAI.',
    en: 'Enter the OpenAI API key.',
    es: 'Indique la clave de API de OpenAI.',
  },
}
