import type { Meta, StoryObj } from '@storybook/react-vite'
import { MessageBubble } from './MessageBubble.js'

const members = [
  { id: 1, name: 'Ana Souza' },
  { id: 2, name: 'Bruno Lima' },
]
const message = (id: number, senderId: number, text: string) => ({
  id,
  chatId: 1,
  senderId,
  sender: members.find((m) => m.id === senderId) ?? null,
  message: text,
  mentions: [],
  createdAt: '2026-11-26T14:05:00Z',
})

const meta: Meta<typeof MessageBubble> = {
  title: 'Chats/MessageBubble',
  component: MessageBubble,
  args: { meId: 1, members, youLabel: 'Você' },
}
export default meta
type Story = StoryObj<typeof MessageBubble>

export const FromAColleague: Story = {
  args: { mine: false, message: message(1, 2, 'Bom dia! Alguém cobre o plantão?') },
}
export const Mine: Story = { args: { mine: true, message: message(2, 1, 'Eu cubro, pode deixar.') } }
export const MentionsMe: Story = {
  args: { mine: false, message: message(3, 2, '@Ana Souza você viu o ticket do cliente novo?') },
}
export const LongText: Story = {
  args: { mine: false, message: message(4, 2, 'Linha um\nLinha dois com um texto bem comprido '.repeat(6)) },
}
export const Edited: Story = {
  args: { mine: true, message: { ...message(5, 1, 'Reunião às 11h, não 10h.'), editedAt: '2026-11-26T14:07:00Z' } },
}
