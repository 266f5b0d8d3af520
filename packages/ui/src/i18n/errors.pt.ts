/**
 * Error catalogue (spec 1 §8) in pt. One source: the server's core/i18n/errors.ts,
 * so a code added on the server is translated in the browser too.
 */
import { errorMessages } from '../../../../core/i18n/errors.ts'

const texts: Record<string, string> = { generic: 'Ocorreu um erro!' }
for (const [code, byLang] of Object.entries(errorMessages)) texts[code] = byLang.pt

export default texts
