import type { Meta, StoryObj } from '@storybook/react-vite'
import { DeleteDialog } from './DeleteDialog.js'

const meta: Meta<typeof DeleteDialog<{ id: number }>> = {
  title: 'Kit/DeleteDialog',
  component: DeleteDialog,
  args: {
    item: { id: 7 },
    title: 'Excluir "Boas-vindas"?',
    children: 'Esta ação não pode ser desfeita.',
    path: (item: { id: number }) => `/quick-messages/${item.id}`,
    successText: 'Resposta rápida excluída',
    onDeleted: () => {},
    onClose: () => {},
  },
}
export default meta
type Story = StoryObj<typeof meta>

export const Open: Story = {}
export const Closed: Story = { args: { item: null } }
