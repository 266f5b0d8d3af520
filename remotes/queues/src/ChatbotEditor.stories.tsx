import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { ChatbotEditor, type ChatbotSources } from './ChatbotEditor.js'
import { fromServer, type DraftOption } from './chatbotTree.js'
import type { ChatbotOption } from './types.js'

registerTranslations()

const sources: ChatbotSources = {
  queues: [
    { id: 1, name: 'Suporte' },
    { id: 2, name: 'Financeiro' },
  ],
  users: [{ id: 7, name: 'Ana Lima' }],
  integrations: [],
  files: [],
}

const option = (o: Partial<ChatbotOption> & { name: string }): ChatbotOption => ({
  queueType: 'text',
  greetingMessage: null,
  closeTicket: false,
  optUserId: null,
  optQueueId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
  ...o,
})

const twoLevels: ChatbotOption[] = [
  option({
    id: 1,
    name: 'Dúvidas',
    greetingMessage: 'Escolha uma opção:',
    options: [option({ id: 3, name: 'Segunda via', greetingMessage: 'Enviamos a segunda via por e-mail.' })],
  }),
  option({ id: 2, name: 'Falar com o financeiro', queueType: 'queue', optQueueId: 2 }),
  // sub-options under an option without a message: the editor warns the bot stops there
  option({ id: 4, name: 'Atendente', queueType: 'attendent', options: [option({ id: 5, name: 'Nunca vista' })] }),
]

function Editable(props: { initial: ChatbotOption[]; showErrors?: boolean }) {
  const [options, setOptions] = useState<DraftOption[]>(() => fromServer(props.initial))
  return (
    <div style={{ maxWidth: 680 }}>
      <ChatbotEditor options={options} onChange={setOptions} sources={sources} showErrors={!!props.showErrors} />
    </div>
  )
}

const meta: Meta<typeof Editable> = { title: 'Queues/ChatbotEditor', component: Editable }
export default meta
type Story = StoryObj<typeof Editable>

export const Empty: Story = { args: { initial: [] } }
export const TwoLevels: Story = { args: { initial: twoLevels } }
export const Errors: Story = {
  args: { initial: [option({ name: 'Abc' }), option({ name: 'Fila sem destino', queueType: 'queue' })], showErrors: true },
}
export const Dark: Story = { args: { initial: twoLevels }, globals: { theme: 'dark' } }
