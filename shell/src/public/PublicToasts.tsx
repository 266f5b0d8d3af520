/** Toasts of the pages before sign-in (the app itself uses the kit's Fluent toaster). */
import { useEffect, useState } from 'react'
import { toasts, type ToastMessage } from '@balcao/ui/core'

export function PublicToasts() {
  const [items, setItems] = useState<ToastMessage[]>([])
  useEffect(
    () =>
      toasts.subscribe((m) => {
        setItems((list) => [...list, m])
        setTimeout(() => setItems((list) => list.filter((x) => x.id !== m.id)), m.timeout)
      }),
    []
  )
  return (
    <div className="ptoasts" aria-live="polite">
      {items.map((m) => (
        <div key={m.id} className={`ptoast ${m.intent}`} role={m.intent === 'error' ? 'alert' : 'status'} data-testid={`toast-${m.intent}`}>
          {m.text}
        </div>
      ))}
    </div>
  )
}
