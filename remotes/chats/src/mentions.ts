/**
 * Splits a message into plain text and @mentions of its members, for the
 * highlight. The names are the chat's members; the server decides who was
 * mentioned (and notified), this only draws it. Pure.
 */
export type Segment = { text: string; mention?: number }

export function splitMentions(text: string, members: { id: number; name: string }[]): Segment[] {
  const names = members
    .filter((m) => m.name.trim())
    .map((m) => ({ id: m.id, needle: `@${m.name.trim().toLocaleLowerCase()}` }))
    .sort((a, b) => b.needle.length - a.needle.length)
  const lower = text.toLocaleLowerCase()
  const out: Segment[] = []
  let plain = ''
  let i = 0
  while (i < text.length) {
    const hit =
      text[i] === '@'
        ? names.find((n) => {
            if (!lower.startsWith(n.needle, i)) return false
            const next = lower.charAt(i + n.needle.length)
            return !next || /[^\p{L}\p{N}_]/u.test(next)
          })
        : undefined
    if (hit) {
      if (plain) out.push({ text: plain })
      plain = ''
      out.push({ text: text.slice(i, i + hit.needle.length), mention: hit.id })
      i += hit.needle.length
    } else {
      plain += text[i]
      i++
    }
  }
  if (plain) out.push({ text: plain })
  return out
}

/** The member whose @name the user is typing at the end of the input, for the suggestion list. */
export function mentionQuery(text: string): string | null {
  const m = /(?:^|\s)@([\p{L}\p{N}_ ]{0,30})$/u.exec(text)
  return m ? m[1] : null
}
