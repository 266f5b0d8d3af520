/** Schedules tab: the connection's weekly hours (when the company's scheduleType is 'connection'). */
import { ScheduleEditor } from '@balcao/ui'
import { useDialogStyles, type TabProps } from './shared.js'

export function SchedulesTab({ v, set }: TabProps) {
  const styles = useDialogStyles()
  return (
    <div className={styles.tab}>
      <ScheduleEditor rows={v.schedules} onChange={(rows) => set('schedules', rows)} />
    </div>
  )
}
