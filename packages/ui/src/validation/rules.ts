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

/** An optional http(s) address: empty is fine. */
export const url: Rule = (v) =>
  str(v).trim() !== '' && !/^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(str(v).trim()) ? 'validation.invalidUrl' : null

/** Digits of a phone number, whatever mask it was typed with. */
export const phoneDigits = (v: unknown) => str(v).replace(/\D/g, '')

/** A Brazilian number as spec 1 §9 asks: country code 55, then area code and number, 12 or 13 digits. */
export const BR_PHONE = /^55\d{10,11}$/
export const brPhone: Rule = (v) =>
  str(v).trim() !== '' && !BR_PHONE.test(phoneDigits(v)) ? 'validation.invalidPhone' : null

/**
 * The Brazilian phone mask: +55 (11) 99999-9999 (13 digits) or +55 (11) 9999-9999
 * (12). Applied while typing: a number typed without the country code gets 55
 * in front once its third digit is in; digits past the 13th are dropped.
 */
export function maskBrPhone(value: string): string {
  let d = phoneDigits(value)
  if (d.length >= 3 && !d.startsWith('55')) d = `55${d}`
  d = d.slice(0, 13)
  if (!d) return ''
  const cc = d.slice(0, 2)
  const area = d.slice(2, 4)
  const rest = d.slice(4)
  let out = `+${cc}`
  if (d.length > 2) out += ` (${area}`
  if (d.length > 4) out += `) `
  if (rest) {
    // the hyphen before the last four digits once the number is long enough
    const split = rest.length > 8 ? 5 : 4
    out += rest.length > split ? `${rest.slice(0, split)}-${rest.slice(split)}` : rest
  }
  return out
}

/** An optional text field's value for the server: blank means absent (null), otherwise trimmed. */
export const orNull = (v: string | null | undefined): string | null => {
  const s = (v ?? '').trim()
  return s === '' ? null : s
}

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
  phone: [required, brPhone],
}
