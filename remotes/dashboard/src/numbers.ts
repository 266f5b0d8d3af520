/** Numbers in the interface language's format (the browser's own locale may differ). */
const LOCALES: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' }
export const formatNumber = (value: number, language: string) =>
  value.toLocaleString(LOCALES[language.slice(0, 2)] ?? 'pt-BR', { maximumFractionDigits: 2 })
