/**
 * A private path no enabled module serves: the plan flag or the role is
 * missing, so the spec's denial toast and a redirect to / after 1000 ms.
 */
import { Spinner } from '@fluentui/react-components'
import { usePermissionGate } from '@balcao/ui'

export default function NotAvailable() {
  usePermissionGate(false, '/')
  return <Spinner style={{ marginTop: 48 }} />
}
