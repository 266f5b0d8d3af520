import type { Meta, StoryObj } from '@storybook/react-vite'
import { ChatList } from './ChatList.js'
import type { Chat } from './types.js'

const member = (id: number, name: string, unreads = 0) => ({ userId: id, unreads, user: { id, name } })
const chats: Chat[] = [
  {
    id: 1,
    uuid: '6f1c1b2a-0000-4000-8000-000000000001',
    title: 'Plantão de sábado',
    ownerId: 1,
    lastMessage: 'Bom dia @Bruno Lima, você cobre o plantão?',
    updatedAt: '2026-11-26T14:05:00Z',
    users: [member(1, 'Ana Souza', 2), member(2, 'Bruno Lima')],
  },
  {
    id: 2,
    uuid: '6f1c1b2a-0000-4000-8000-000000000002',
    title: 'Equipe de suporte',
    ownerId: 2,
    lastMessage: 'Fechamos o mês com 98% de satisfação!',
    updatedAt: '2026-11-25T18:40:00Z',
    users: [member(1, 'Ana Souza'), member(2, 'Bruno Lima'), member(3, 'Carla Dias')],
  },
]

const meta: Meta<typeof ChatList> = {
  title: 'Chats/ChatList',
  component: ChatList,
  args: {
    chats,
    meId: 1,
    selectedId: 1,
    search: '',
    loading: false,
    hasMore: false,
    onSearch: () => {},
    onMore: () => {},
    onOpen: () => {},
  },
  decorators: [(Story) => <div style={{ width: 340, height: 400, display: 'flex' }}>{Story()}</div>],
}
export default meta
type Story = StoryObj<typeof ChatList>

export const WithUnread: Story = {}
export const Empty: Story = { args: { chats: [] } }
export const Loading: Story = { args: { chats: [], loading: true } }
