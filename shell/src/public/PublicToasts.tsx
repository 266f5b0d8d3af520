/**
 * Toasts of the pages before sign-in (the app itself uses the kit's Fluent toaster).
 * The list lives outside the component: sign-up shows its success toast and then
 * navigates to /login, which mounts a new frame; the toast must survive that.
 */
import { useEffect, useState } from 'react'
import { toasts, type ToastMessage } from '@balcao/ui/core'

let current: ToastMessage[] = []
const views = new Set<(items: ToastMessage[]) => void>()
const publish = () => views.forEach((view) => view(current))

toasts.subscribe((m) => {
  current = [...current, m]
  publish()
  setTimeout(() => {
    current = current.filter((x) => x.id !== m.id)
    publish()
  }, m.timeout)
})

export function PublicToasts() {
  const [items, setItems] = useState<ToastMessage[]>(current)
  useEffect(() => {
    views.add(setItems)
    setItems(current)
    return () => {
      views.delete(setItems)
    }
  }, [])
  return (
    <div className="ptoasts" aria-live="polite">
      {items.map((m) => (
        <div
          key={m.id}
          className={`ptoast ${m.intent}`}
          role={m.intent === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${m.intent}`}
        >
          {m.text}
        </div>
      ))}
    </div>
  )
}
