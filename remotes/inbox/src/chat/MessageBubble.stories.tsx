import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from '../i18n/register.js'
import { MessageBubble } from './MessageBubble.js'
import type { ChatMessage } from './types.js'

registerTranslations()

const at = '2026-11-20T14:32:00.000Z'
const picture =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#7fb3d5"/><circle cx="250" cy="60" r="30" fill="#f7dc6f"/><path d="M0 200 L110 90 L200 200 Z" fill="#1e8449"/></svg>'
  )

const base: ChatMessage = {
  id: 1,
  ticketId: 1,
  contactId: 1,
  userId: 7,
  body: 'Olá! Seu pedido *#4512* saiu para entrega hoje.',
  fromMe: true,
  mediaType: null,
  mediaUrl: null,
  mediaName: null,
  quotedMsgId: null,
  quotedMsg: null,
  isPrivate: false,
  isForwarded: false,
  isDeleted: false,
  isEdited: false,
  ack: 3,
  createdAt: at,
  contact: { id: 1, name: 'Ana Lima', number: '5511988887777' },
}
const msg = (patch: Partial<ChatMessage>): ChatMessage => ({ ...base, ...patch })
const noop = () => {}

const meta: Meta<typeof MessageBubble> = {
  title: 'Inbox/Chat/MessageBubble',
  component: MessageBubble,
  args: { message: base, isOwn: true, onReply: noop, onForward: noop, onEdit: noop, onDelete: noop, onQuoteClick: noop },
  decorators: [(Story) => <div style={{ maxWidth: 720, background: 'var(--colorNeutralBackground2)', padding: 8 }}>{Story()}</div>],
}
export default meta
type Story = StoryObj<typeof MessageBubble>

export const Text: Story = {}
export const FromContact: Story = { args: { message: msg({ fromMe: false, body: 'Oi, quando chega?' }), isOwn: false } }
export const Image: Story = { args: { message: msg({ mediaType: 'image', mediaUrl: picture, body: 'Foto do produto' }) } }
export const Audio: Story = { args: { message: msg({ mediaType: 'audio', mediaUrl: '#', body: '', ack: 4 }) } }
export const Video: Story = { args: { message: msg({ mediaType: 'video', mediaUrl: '#', body: 'Vídeo da entrega' }) } }
export const Document: Story = {
  args: { message: msg({ mediaType: 'application', mediaUrl: '#', mediaName: 'nota-fiscal-4512.pdf', body: '' }) },
}
export const Location: Story = {
  args: { message: msg({ fromMe: false, mediaType: 'locationMessage', body: '-23.5505,-46.6333 | Av. Paulista' }) },
}
export const VCard: Story = {
  args: {
    message: msg({
      mediaType: 'contactMessage',
      body: 'BEGIN:VCARD\nVERSION:3.0\nN:;Bruno Costa;;;\nFN:Bruno Costa\nTEL;type=CELL;waid=5511977776666:+5511977776666\nEND:VCARD',
    }),
  },
}
export const Reaction: Story = { args: { message: msg({ fromMe: false, mediaType: 'reactionMessage', body: '👍' }) } }
export const MissedCall: Story = { args: { message: msg({ fromMe: false, mediaType: 'call_log', body: '' }) } }
export const DeletedOwn: Story = { args: { message: msg({ isDeleted: true }) } }
export const DeletedByContact: Story = { args: { message: msg({ fromMe: false, isDeleted: true }), isOwn: false } }
export const DeletedLgpd: Story = { args: { message: msg({ isDeleted: true, body: '🚫 _Mensagem Apagada_' }), lgpdErase: true } }
export const Edited: Story = { args: { message: msg({ isEdited: true, body: 'Correção: o pedido chega amanhã.' }) } }
export const PrivateNote: Story = {
  args: { message: msg({ isPrivate: true, body: 'Cliente VIP: oferecer frete grátis.' }) },
}
export const Forwarded: Story = { args: { message: msg({ isForwarded: true }) } }
export const Quoted: Story = {
  args: {
    message: msg({
      body: 'Sim, confirmo o endereço.',
      quotedMsgId: 9,
      quotedMsg: msg({ id: 9, fromMe: false, body: 'Pode confirmar o endereço de entrega?' }),
    }),
  },
}
export const Selecting: Story = { args: { selecting: true, selected: true, onToggleSelect: noop } }

/** Every ack level (0 clock, 1 sent, 2 delivered, 3–4 read, 5 read-style) and audio played. */
export const AckLevels: Story = {
  render: (args) => (
    <div>
      {[0, 1, 2, 3, 4, 5].map((ack) => (
        <MessageBubble key={ack} {...args} message={msg({ id: ack + 10, ack, body: `ack ${ack}` })} />
      ))}
      <MessageBubble {...args} message={msg({ id: 20, ack: 4, mediaType: 'audio', mediaUrl: '#', body: '' })} />
    </div>
  ),
}

/** A whole conversation with every kind of bubble. */
export const Gallery: Story = {
  render: (args) => (
    <div>
      {[
        msg({ id: 31, fromMe: false, body: 'Oi! Meu pedido não chegou 😟' }),
        msg({ id: 32, quotedMsgId: 31, quotedMsg: msg({ id: 31, fromMe: false, body: 'Oi! Meu pedido não chegou 😟' }), body: 'Vou verificar agora.' }),
        msg({ id: 33, isPrivate: true, body: 'Transportadora atrasou 2 dias.' }),
        msg({ id: 34, mediaType: 'image', mediaUrl: picture, body: 'Comprovante de envio' }),
        msg({ id: 35, fromMe: false, mediaType: 'reactionMessage', body: '🙏' }),
        msg({ id: 36, fromMe: false, mediaType: 'call_log', body: '' }),
        msg({ id: 37, isDeleted: true, body: 'mensagem errada' }),
        msg({ id: 38, isEdited: true, ack: 5, body: 'Chega amanhã até as 18h.' }),
      ].map((m) => (
        <MessageBubble key={m.id} {...args} message={m} isOwn={m.fromMe} />
      ))}
    </div>
  ),
}
