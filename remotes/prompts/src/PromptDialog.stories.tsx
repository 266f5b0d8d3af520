import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { PromptDialog, type Prompt } from './PromptsPage.js'

registerTranslations()

/** the page loads the queues from GET /queue; the stories pass them in, so no server is asked */
const queues = [
  { value: '1', label: 'Vendas' },
  { value: '2', label: 'Suporte' },
  { value: '3', label: 'Financeiro' },
]

/** as GET /prompt answers: the keys only as their masks */
const saved: Prompt = {
  id: 4,
  name: 'Atendente virtual de vendas',
  prompt:
    'Você é a assistente virtual da Loja Centro. Responda com cordialidade e em frases curtas, ' +
    'informe preços e prazos de entrega da tabela abaixo e, se o cliente pedir um atendente, ' +
    'diga que vai transferir e escreva apenas "Ação: Transferir para o setor de atendimento".',
  model: 'gpt-4o-mini',
  voice: 'texto',
  voiceRegion: null,
  maxTokens: 300,
  temperature: 0.7,
  maxMessages: 10,
  queueId: 1,
  queue: { id: 1, name: 'Vendas' },
  apiKey: '••••9f3a',
  voiceKey: null,
}

const meta: Meta<typeof PromptDialog> = {
  title: 'Prompts/PromptDialog',
  component: PromptDialog,
  args: { prompt: null, queues, onClose: () => {}, onSaved: () => {} },
}
export default meta
type Story = StoryObj<typeof PromptDialog>

/** a new prompt: gpt-4o-mini, text answers, the defaults of temperature and limits */
export const New: Story = {}
/** editing: the key stays hidden (its mask, a password field) and is kept unless replaced */
export const Editing: Story = { args: { prompt: saved } }
/** answers by voice: an Azure voice with its key (masked) and region */
export const WithVoice: Story = {
  args: {
    prompt: {
      ...saved,
      id: 5,
      name: 'Recepção por áudio',
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: '••••41c7',
      voiceRegion: 'brazilsouth',
      queueId: 2,
      queue: { id: 2, name: 'Suporte' },
    },
  },
}
export const Dark: Story = { args: { prompt: saved }, globals: { theme: 'dark' } }
