/**
 * A campaign text for one recipient: a random variant with the placeholders of
 * reference §4 ({nome}, {primeiroNome}, {email}, {numero}) and the company's
 * custom variables ({key} of the campaign settings) replaced.
 */
export interface Recipient {
  name: string
  number: string
  email: string | null
}

export function pickVariant(variants: string[], random: () => number = Math.random): string | null {
  if (!variants.length) return null
  return variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))]
}

export function fillPlaceholders(text: string, r: Recipient, variables: { key: string; value: string }[]) {
  const values: Record<string, string> = {
    nome: r.name,
    primeiroNome: r.name.trim().split(/\s+/)[0] ?? '',
    email: r.email ?? '',
    numero: r.number,
  }
  for (const v of variables) if (!(v.key in values)) values[v.key] = v.value
  return text.replace(/\{(\w{1,30})\}/g, (whole, key: string) => (key in values ? values[key] : whole))
}
