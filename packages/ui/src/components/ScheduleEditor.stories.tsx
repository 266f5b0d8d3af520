import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { ScheduleEditor, scheduleRows } from './ScheduleEditor.js'

const ptNames: Record<string, string> = { monday: 'Segunda-feira', saturday: 'Sábado' }

function Editable() {
  const [rows, setRows] = useState(
    scheduleRows([{ weekdayEn: 'saturday', startTimeB: '', endTimeB: '' }], (d) => ptNames[d] ?? d)
  )
  return <ScheduleEditor rows={rows} onChange={setRows} />
}

const meta: Meta<typeof Editable> = { title: 'Kit/ScheduleEditor', component: Editable }
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}
export const English: Story = { globals: { locale: 'en' } }
