/**
 * Error catalogue (spec 1 §8) in es. One source: the server's core/i18n/errors.ts,
 * so a code added on the server is translated in the browser too.
 */
import { errorMessages } from '../../../../core/i18n/errors.ts'

const texts: Record<string, string> = { generic: '¡Ocurrió un error!' }
for (const [code, byLang] of Object.entries(errorMessages)) texts[code] = byLang.es

export default texts
