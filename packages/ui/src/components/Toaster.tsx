/**
 * Renders the kit's toast bus with Fluent toasts. The shell mounts one; any
 * code raises toasts through `toasts` from @balcao/ui/core.
 */
import { useEffect } from 'react'
import {
  Link,
  Toast,
  ToastTitle,
  ToastTrigger,
  Toaster as FluentToaster,
  useId,
  useToastController,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { toasts } from '@balcao/ui/core'

export function Toaster() {
  const toasterId = useId('toaster')
  const { dispatchToast } = useToastController(toasterId)
  const { t } = useTranslation()
  useEffect(
    () =>
      toasts.subscribe((m) => {
        dispatchToast(
          <Toast data-testid={`toast-${m.intent}`}>
            <ToastTitle
              action={
                m.action ? (
                  <Link onClick={m.action.run}>{m.action.label}</Link>
                ) : (
                  <ToastTrigger>
                    <Link>{t('kit.dismiss')}</Link>
                  </ToastTrigger>
                )
              }
            >
              {m.text}
            </ToastTitle>
          </Toast>,
          { intent: m.intent, timeout: m.timeout, position: 'top-end' }
        )
      }),
    [dispatchToast, t]
  )
  return <FluentToaster toasterId={toasterId} position="top-end" pauseOnHover />
}
