/** The queues remote's exposed component (the shell renders it for /queues). */
import { registerTranslations } from './i18n/register.js'
import { QueuesPage } from './QueuesPage.js'

registerTranslations()

export default function App({ route }: { route: string }) {
  return route === '/queues' ? <QueuesPage /> : null
}
