import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from '../i18n/register.js'
import { InputBar } from './InputBar.js'
import type { QuickMessage } from './types.js'

registerTranslations()

const quick: QuickMessage[] = [
  {
    id: 1,
    shortcode: 'ola',
    message: 'Olá! Obrigado por falar com a gente. Em que posso ajudar hoje? Nosso horário é de segunda a sexta, das 8h às 18h, e aos sábados até o meio-dia.',
    mediaPath: null,
    mediaName: null,
    isMedia: false,
  },
  { id: 2, shortcode: 'pix', message: 'Segue a chave PIX para pagamento.', mediaPath: null, mediaName: null, isMedia: false },
  { id: 3, shortcode: 'catalogo', message: 'Nosso catálogo', mediaPath: '/catalogo.pdf', mediaName: 'catalogo.pdf', isMedia: true },
]

const meta: Meta<typeof InputBar> = {
  title: 'Inbox/Chat/InputBar',
  component: InputBar,
  args: { ticket: { id: 1, status: 'open' }, quickMessages: () => Promise.resolve(quick) },
  decorators: [(Story) => <div style={{ maxWidth: 760, marginTop: 260 }}>{Story()}</div>],
}
export default meta
type Story = StoryObj<typeof InputBar>

export const Enabled: Story = {}
export const WithText: Story = { args: { initialText: 'Seu pedido já foi enviado!' } }
export const DisabledPending: Story = { args: { ticket: { id: 1, status: 'pending' } } }
export const DisabledClosed: Story = { args: { ticket: { id: 1, status: 'closed' } } }
export const Recording: Story = { args: { initialRecording: true } }
export const QuickReplies: Story = { args: { initialText: '/' } }
export const Replying: Story = {
  args: {
    replyTo: {
      id: 9,
      ticketId: 1,
      contactId: 1,
      userId: null,
      body: 'Pode confirmar o endereço de entrega?',
      fromMe: false,
      mediaType: null,
      mediaUrl: null,
      mediaName: null,
      quotedMsgId: null,
      isPrivate: false,
      isForwarded: false,
      isDeleted: false,
      isEdited: false,
      ack: 0,
      createdAt: '2026-11-20T14:32:00.000Z',
    },
  },
}
