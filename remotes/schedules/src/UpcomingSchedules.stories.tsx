import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { UpcomingList } from './UpcomingSchedules.js'
import { sampleSchedules } from './sample.js'

registerTranslations()

/** the contact drawer's list of upcoming schedules (the inbox embeds it) */
const meta: Meta<typeof UpcomingList> = {
  title: 'Schedules/UpcomingList',
  component: UpcomingList,
  args: { items: sampleSchedules.filter((s) => s.status !== 'ENVIADA'), onOpen: () => {}, onAdd: () => {} },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
}
export default meta
type Story = StoryObj<typeof UpcomingList>

export const WithSchedules: Story = {}
export const Empty: Story = { args: { items: [] } }
export const Loading: Story = { args: { items: null } }
