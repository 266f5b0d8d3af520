import type { Meta, StoryObj } from '@storybook/react-vite'
import { RowActions } from './RowActions.js'

const meta: Meta<typeof RowActions> = {
  title: 'Kit/RowActions',
  component: RowActions,
  args: { onEdit: () => {}, onDelete: () => {} },
}
export default meta
type Story = StoryObj<typeof RowActions>

export const EditAndDelete: Story = {}
export const DeleteDisabled: Story = { args: { deleteDisabled: true } }
export const EditOnly: Story = { args: { onDelete: undefined } }
export const Dark: Story = { globals: { theme: 'dark' } }
