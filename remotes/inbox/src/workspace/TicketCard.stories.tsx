import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from '../i18n/register.js'
import type { Ticket } from '../types.js'
import { TICKET_ROW_HEIGHT, TicketCard } from './TicketCard.js'

registerTranslations()

const now = new Date().toISOString()
const base: Ticket = {
  id: 4512,
  uuid: '3f0f6c1e-8f5a-4b8e-9d7a-0c1a2b3c4d5e',
  status: 'open',
  channel: 'whatsapp',
  isGroup: false,
  isBot: false,
  lastMessage: 'Bom dia! Gostaria de saber o prazo de entrega do meu pedido #4512',
  fromMe: false,
  unreadMessages: 0,
  companyId: 1,
  contactId: 10,
  whatsappId: 1,
  queueId: 2,
  userId: 7,
  createdAt: now,
  updatedAt: now,
  contact: {
    id: 10,
    name: 'Ana Lima',
    number: '5511988887777',
    urlPicture: null,
    channel: 'whatsapp',
    isGroup: false,
    active: true,
    disableBot: false,
    acceptAudioMessage: true,
  },
  queue: { id: 2, name: 'Vendas', color: '#0b8a5f' },
  user: { id: 7, name: 'Marcos' },
  whatsapp: { id: 1, name: 'Comercial', groupAsTicket: 'disabled', color: '#25d366', channel: 'whatsapp' },
  tags: [],
}
const ticket = (patch: Partial<Ticket>): Ticket => ({ ...base, ...patch })
const noop = () => {}

const meta: Meta<typeof TicketCard> = {
  title: 'Inbox/Workspace/TicketCard',
  component: TicketCard,
  args: { ticket: base, onOpen: noop, showUser: true },
  decorators: [
    (Story) => (
      <div style={{ width: 480, height: TICKET_ROW_HEIGHT }}>
        <Story />
      </div>
    ),
  ],
}
export default meta
type Story = StoryObj<typeof TicketCard>

export const PendingWithUnread: Story = {
  args: {
    ticket: ticket({
      status: 'pending',
      userId: null,
      user: null,
      unreadMessages: 3,
      lastMessage: 'Oi, ainda estão aí? Preciso da segunda via do boleto com urgência',
    }),
    onAccept: noop,
    onIgnore: noop,
  },
}

export const PendingWithoutQueue: Story = {
  args: {
    ticket: ticket({ status: 'pending', userId: null, user: null, queueId: null, queue: null, unreadMessages: 1 }),
    onAccept: noop,
  },
}

export const OpenWithTags: Story = {
  args: {
    ticket: ticket({
      tags: [
        { id: 1, name: 'VIP', color: '#b4009e' },
        { id: 2, name: 'Atacado', color: '#ca5010' },
        { id: 3, name: 'Retorno', color: '#4f6bed' },
      ],
    }),
  },
}

export const Selected: Story = { args: { selected: true } }

export const LongName: Story = {
  args: {
    ticket: ticket({
      contact: {
        ...base.contact!,
        name: 'Maria Aparecida dos Santos Albuquerque de Oliveira Figueiredo Pereira Sobrinha',
      },
    }),
  },
}

export const Group: Story = {
  args: {
    ticket: ticket({
      status: 'group',
      isGroup: true,
      unreadMessages: 12,
      lastMessage: 'Paulo: reunião amanhã às 9h na loja do centro',
      contact: { ...base.contact!, name: 'Equipe Loja Centro', isGroup: true },
      queue: { id: 3, name: 'Suporte', color: '#8764b8' },
    }),
  },
}

export const Closed: Story = {
  args: {
    ticket: ticket({
      status: 'closed',
      updatedAt: '2026-10-02T15:20:00.000Z',
      lastMessage: 'Obrigado pelo atendimento!',
    }),
  },
}

export const Dark: Story = {
  args: { ticket: ticket({ status: 'pending', unreadMessages: 2, userId: null, user: null }), onAccept: noop },
  globals: { theme: 'dark' },
}
