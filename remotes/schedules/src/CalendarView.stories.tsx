import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { CalendarView } from './CalendarView.js'
import { sampleOccurrences, sampleSchedules } from './sample.js'

registerTranslations()

/** react-big-calendar in Fluent's tones; dashed events are later sends of a recurring schedule */
const meta: Meta<typeof CalendarView> = {
  title: 'Schedules/CalendarView',
  component: CalendarView,
  args: {
    date: new Date(),
    schedules: sampleSchedules,
    occurrences: sampleOccurrences,
    onSlot: () => {},
    onOpen: () => {},
    onOpenOccurrence: () => {},
  },
}
export default meta
type Story = StoryObj<typeof CalendarView>

export const Month: Story = { args: { view: 'month' } }
export const Week: Story = { args: { view: 'week' } }
export const WorkWeek: Story = { args: { view: 'work_week' } }
export const Day: Story = { args: { view: 'day' } }
export const Agenda: Story = { args: { view: 'agenda', date: new Date(Date.now() - 86400_000) } }
export const EmptyAgenda: Story = { args: { view: 'agenda', schedules: [], occurrences: [] } }
/** a phone: the agenda is the default there */
export const Phone: Story = {
  args: { view: 'agenda' },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
}
