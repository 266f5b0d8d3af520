/**
 * The fixed texts and menu layouts the bot sends to contacts. Contacts get
 * the product's language (Portuguese); everything configurable comes from
 * connections, queues, chatbot options and settings.
 */
export const TEXTS = {
  backLine: '*[ # ]* - Voltar ao menu principal',
  endLine: '*[ Sair ]* - Encerrar atendimento',
  invalidOption: 'Opção inválida! Digite um número válido para continuar!',
  invalidRating: 'Opção inválida, tente novamente.',
  audioRefused:
    'Desculpe, não conseguimos ouvir mensagens de áudio. Por favor, escreva sua mensagem em texto para continuarmos.',
  lgpdQuestion: 'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não',
  acceptedDefault: '{{ms}} *{{name}}*, meu nome é *{{userName}}* e agora vou prosseguir com seu atendimento!',
  rotationWait: 'Por favor, aguarde: estamos localizando um atendente para você.',
  queuePositionDefault: 'Você está na fila de atendimento. Sua posição:',
}

export const optionLine = (n: number, name: string) => `*[ ${n} ]* - ${name}`

/** A greeting followed by a numbered list and the navigation lines. */
export function menu(greeting: string | null | undefined, names: string[], extra: string[]) {
  const lines = [...names.map((name, i) => optionLine(i + 1, name)), ...extra]
  const head = (greeting ?? '').trim()
  return head ? `${head}\n\n${lines.join('\n')}` : lines.join('\n')
}

/** "1", " 2 ", "3." → 3; anything else → null */
export function chosenNumber(body: string) {
  const m = /^\s*(\d{1,3})\s*\.?\s*$/.exec(body)
  return m ? Number(m[1]) : null
}

/** an NPS answer: an integer or decimal 0–10 ("9", "7,5" → 8) */
export function ratingOf(body: string) {
  const m = /^\s*(\d{1,2})(?:[.,](\d+))?\s*$/.exec(body)
  if (!m) return null
  const value = Math.round(Number(`${m[1]}.${m[2] ?? 0}`))
  return value >= 0 && value <= 10 ? value : null
}
