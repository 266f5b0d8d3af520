import type { Meta, StoryObj } from '@storybook/react-vite'
import { ConfirmDialog } from './ConfirmDialog.js'

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Kit/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Excluir "Ana Lima"?',
    children: 'Esta ação não pode ser desfeita.',
    onClose: () => {},
    onConfirm: () => {},
  },
}
export default meta
type Story = StoryObj<typeof ConfirmDialog>

export const Open: Story = {}
export const SlowConfirm: Story = { args: { onConfirm: () => new Promise((r) => setTimeout(r, 1500)) } }
export const English: Story = { args: { title: 'Delete "Ana Lima"?' }, globals: { locale: 'en' } }
