/** Form values with the spec's validation: errors show after a submit attempt or once a field was edited. */
import { useCallback, useState } from 'react'
import { hasErrors, validate, type Schema } from '@balcao/ui/core'

export function useForm<T extends object>(initial: T, schema: Schema<T>) {
  const [values, setValues] = useState<T>(initial)
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const all = validate(values, schema)
  const errors: Partial<Record<keyof T, string>> = {}
  for (const k of Object.keys(all) as (keyof T)[]) if (submitted || touched[k]) errors[k] = all[k]

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setTouched((s) => ({ ...s, [key]: true }))
  }, [])

  /** Marks the form submitted; true when every rule passes. */
  const check = () => {
    setSubmitted(true)
    return !hasErrors(all)
  }

  const reset = useCallback((next: T) => {
    setValues(next)
    setTouched({})
    setSubmitted(false)
  }, [])

  return { values, set, errors, check, reset, setValues }
}
