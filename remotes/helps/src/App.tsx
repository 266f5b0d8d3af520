/** The helps remote's exposed component (the shell renders it for /helps). */
import i18next from 'i18next'
import { texts } from './i18n/texts.js'
import { HelpsGrid } from './HelpsGrid.js'

for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)

export default function App({ route }: { route: string }) {
  return route === '/helps' ? <HelpsGrid /> : null
}
