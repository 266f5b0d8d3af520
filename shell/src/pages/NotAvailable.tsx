/**
 * A private path of a module the company's plan leaves off (or of the super
 * user's screens): the spec's denial toast and a redirect to / after 1000 ms.
 */
import { Spinner } from '@fluentui/react-components'
import { usePermissionGate } from '@balcao/ui'

export default function NotAvailable() {
  usePermissionGate(false, '/')
  return <Spinner style={{ marginTop: 48 }} data-testid="plan-denied" />
}
