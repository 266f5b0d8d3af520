/** Calendar days as the filter edits them (YYYY-MM-DD, the browser's local day). */
const pad = (n: number) => String(n).padStart(2, '0')
export const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
/** the spec's default range: the first of the month to today */
export const monthStart = (d = new Date()) => isoDay(new Date(d.getFullYear(), d.getMonth(), 1))
export const today = () => isoDay(new Date())
