/** The invoices remote's exposed component (the shell renders it for /financeiro-aberto). */
import i18next from 'i18next'
import { texts } from './texts.js'
import { InvoicesPage } from './InvoicesPage.js'

for (const [lng, res] of Object.entries(texts)) i18next.addResourceBundle(lng, 'translation', res, true, false)

export default function App({ route }: { route: string }) {
  return route === '/financeiro-aberto' ? <InvoicesPage /> : null
}
