/**
 * The delete confirmation every list page has: asks, calls DELETE on the
 * item's path, tells the page, toasts the outcome (and stays open on failure).
 */
import type { ReactNode } from 'react'
import { api, toasts, toastError } from '@balcao/ui/core'
import { ConfirmDialog } from './ConfirmDialog.js'

export interface DeleteDialogProps<T> {
  /** the item to delete; null keeps the dialog closed */
  item: T | null
  title: ReactNode
  children?: ReactNode
  /** the DELETE call's path for this item */
  path: (item: T) => string
  onDeleted: (item: T) => void
  successText: string
  /** toast duration (spec-3 screens use LONG_TOAST_MS) */
  toastMs?: number
  /** a fixed failure text where the spec names one; otherwise the server's translated error */
  failureText?: string
  onClose: () => void
}

export function DeleteDialog<T>(props: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      open={props.item !== null}
      title={props.title}
      onClose={props.onClose}
      onConfirm={async () => {
        const item = props.item
        if (item === null) return
        try {
          await api.delete(props.path(item))
          props.onDeleted(item)
          toasts.success(props.successText, props.toastMs)
        } catch (e) {
          if (props.failureText) toasts.error(props.failureText, props.toastMs)
          else toastError(e, props.toastMs)
          throw e
        }
      }}
    >
      {props.children}
    </ConfirmDialog>
  )
}
