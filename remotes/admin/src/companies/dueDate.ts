/** Company due-date rules of spec 2 §4. */
import { addMonths, daysUntil, toIsoDay } from '@balcao/ui'

export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const
export type Recurrence = keyof typeof RECURRENCE_MONTHS
export const RECURRENCES = Object.keys(RECURRENCE_MONTHS) as Recurrence[]
/** the recurrence a company has until someone picks another (the server stores it at sign-up too) */
export const DEFAULT_RECURRENCE: Recurrence = 'MENSAL'

/** 'warning' when due in 1 to 5 days, 'overdue' when due today or before; company 1 (2999) never. */
export function dueState(dueDate: string | null | undefined, now = new Date()): 'overdue' | 'warning' | null {
  const days = daysUntil(dueDate ?? null, now)
  if (days === null) return null
  if (days <= 0) return 'overdue'
  if (days <= 5) return 'warning'
  return null
}

/** The due date moved forward by the recurrence's step (from today when empty). */
export function stepDueDate(dueDate: string | null | undefined, recurrence: string | null | undefined): string {
  const months = RECURRENCE_MONTHS[(recurrence ?? DEFAULT_RECURRENCE) as Recurrence] ?? 1
  return toIsoDay(addMonths(dueDate || toIsoDay(new Date()), months))
}

/** An empty or invalid date is sent as null (spec 2 §4). */
export function dueDateForApi(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(new Date(value).getTime()) ? value : null
}
