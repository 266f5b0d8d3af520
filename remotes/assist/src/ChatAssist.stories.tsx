import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { AssistResultDialog } from './ChatAssist.js'
import type { AssistJob } from './calls.js'

registerTranslations()

/** finished jobs as the server sends them; the menu itself asks GET /assist/settings, so only its answers are shown */
const job = (kind: AssistJob['kind'], result: AssistJob['result']): AssistJob => ({
  id: 1,
  kind,
  ticketId: 4512,
  status: 'done',
  result,
  error: null,
})

const asked = 'oi, seu pedido atrasou pq a transportadora n coletou ainda, amanha deve sair'

const meta: Meta<typeof AssistResultDialog> = {
  title: 'Assist/ChatAssist',
  component: AssistResultDialog,
  args: { shown: null, asked: '', onClose: () => {}, onUse: () => {}, onCopy: () => {} },
}
export default meta
type Story = StoryObj<typeof AssistResultDialog>

/** the ticket summarised: copy or close */
export const Summary: Story = {
  args: {
    shown: job('summary', {
      text:
        'Ana Lima pergunta pelo prazo de entrega do pedido #4512, feito há 6 dias.\n' +
        '- O pedido está pago e separado, aguardando a coleta da transportadora.\n' +
        '- A cliente pediu a previsão de entrega e o código de rastreio.\n' +
        'Pendente: enviar o rastreio assim que a coleta for feita.',
    }),
  },
}
/** three replies: choosing one puts it in the composer, nothing is sent */
export const Suggestions: Story = {
  args: {
    shown: job('suggestions', {
      suggestions: [
        'Olá, Ana! Seu pedido #4512 já está separado e será coletado pela transportadora amanhã. Assim que sair, envio o código de rastreio.',
        'Oi, Ana! Peço desculpas pela demora. A coleta do seu pedido está prevista para amanhã e a entrega em até 3 dias úteis.',
        'Ana, obrigado por aguardar! Vou acompanhar a coleta pessoalmente e te aviso por aqui assim que o pedido for despachado.',
      ],
    }),
  },
}
/** the agent's draft beside the improved text: keep it or use the new one */
export const Improve: Story = {
  args: {
    asked,
    shown: job('improve', {
      text: 'Olá! Seu pedido atrasou porque a transportadora ainda não fez a coleta. A previsão é que ele seja despachado amanhã.',
    }),
  },
}
export const Dark: Story = { args: Suggestions.args, globals: { theme: 'dark' } }
