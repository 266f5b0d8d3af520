import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { ScheduleDialog } from './ScheduleDialog.js'
import { sampleSchedules } from './sample.js'

registerTranslations()

const meta: Meta<typeof ScheduleDialog> = {
  title: 'Schedules/ScheduleDialog',
  component: ScheduleDialog,
  args: { open: true, schedule: null, onClose: () => {} },
}
export default meta
type Story = StoryObj<typeof ScheduleDialog>

/** a new schedule: now plus one hour */
export const New: Story = {}
/** opened from a ticket: the contact is given */
export const ForAContact: Story = { args: { initialContact: { id: 10, name: 'Ana Lima' } } }
export const Editing: Story = { args: { schedule: sampleSchedules[1] } }
/** sent: read-only, no save button */
export const Sent: Story = { args: { schedule: sampleSchedules[0] } }
export const Failed: Story = { args: { schedule: sampleSchedules[2] } }
export const Recurring: Story = { args: { schedule: sampleSchedules[3] } }
/** weekly on Monday and Wednesday, ending after N sends */
export const Weekly: Story = { args: { schedule: sampleSchedules[4] } }
