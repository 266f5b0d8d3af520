/**
 * The schedules remote's exposed component. The shell renders it for
 * /schedules; another remote may embed it (routeEmbeds, @balcao/ui) with
 * `embed.contact`: mode 'dialog' (the default) opens only the schedule dialog
 * for that contact (the ticket workspace's and the contacts page's schedule
 * action, spec 1 §2); mode 'upcoming' renders the contact's upcoming
 * schedules in place (the inbox's contact drawer).
 */
import { lazy, Suspense } from 'react'
import { Spinner } from '@fluentui/react-components'
import type { RouteEmbedProps } from '@balcao/ui'
import { registerTranslations } from './i18n/register.js'
import type { ContactOption } from './ContactPicker.js'
import { ScheduleDialog } from './ScheduleDialog.js'
import { UpcomingSchedules } from './UpcomingSchedules.js'

registerTranslations()

const SchedulesPage = lazy(() => import('./SchedulesPage.js'))

export interface ScheduleEmbed {
  contact?: ContactOption
  mode?: 'dialog' | 'upcoming'
}

export default function App(props: { route: string; embed?: RouteEmbedProps<ScheduleEmbed>['embed'] }) {
  const embed = props.embed
  if (embed) {
    if (embed.mode === 'upcoming') return embed.contact ? <UpcomingSchedules contact={embed.contact} /> : null
    return <ScheduleDialog open schedule={null} initialContact={embed.contact ?? null} onClose={embed.onClose} />
  }
  return (
    <Suspense fallback={<Spinner style={{ marginTop: 48 }} />}>
      <SchedulesPage />
    </Suspense>
  )
}
