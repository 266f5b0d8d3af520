/**
 * Validation rules of the spec's forms (spec 1 §5, spec 2 §5). A rule returns
 * an i18n key of the 'validation' section, or null when the value is fine.
 */
export type Rule = (value: unknown) => string | null

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v))

export const required: Rule = (v) => (str(v).trim() === '' ? 'validation.required' : null)
export const minLength =
  (n: number): Rule =>
  (v) =>
    str(v) !== '' && str(v).trim().length < n ? 'validation.tooShort' : null
export const maxLength =
  (n: number): Rule =>
  (v) =>
    str(v).length > n ? 'validation.tooLong' : null
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const email: Rule = (v) => (str(v) !== '' && !EMAIL.test(str(v).trim()) ? 'validation.invalidEmail' : null)
export const numeric: Rule = (v) => (str(v) !== '' && !/^\d+$/.test(str(v).trim()) ? 'validation.numeric' : null)

/** The first failing rule's key. */
export function check(value: unknown, rules: Rule[]): string | null {
  for (const r of rules) {
    const e = r(value)
    if (e) return e
  }
  return null
}

export type Schema<T> = Partial<Record<keyof T, Rule[]>>

/** Errors by field (i18n keys) for a whole form. */
export function validate<T extends object>(values: T, schema: Schema<T>): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {}
  for (const key of Object.keys(schema) as (keyof T)[]) {
    const e = check(values[key], schema[key] ?? [])
    if (e) errors[key] = e
  }
  return errors
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean)

/** Common field sets of the spec */
export const rules = {
  name: [required, minLength(2), maxLength(50)],
  email: [required, email],
  password: [required, minLength(5), maxLength(50)],
  optionalPassword: [minLength(5), maxLength(50)],
  phone: [required],
}
