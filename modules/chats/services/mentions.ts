/**
 * @mentions: a member named as "@Name" in a message (case and accents as
 * typed, the name followed by a non-letter or the end). Longer names are
 * tried first so "@Ana Souza" is not also read as a mention of "Ana".
 */
export function findMentions(text: string, members: { id: number; name: string }[], senderId: number): number[] {
  const lower = text.toLocaleLowerCase()
  const found = new Set<number>()
  const taken: [number, number][] = []
  const byLength = [...members].filter((m) => m.name.trim()).sort((a, b) => b.name.length - a.name.length)
  for (const m of byLength) {
    const needle = `@${m.name.trim().toLocaleLowerCase()}`
    let from = 0
    for (;;) {
      const at = lower.indexOf(needle, from)
      if (at < 0) break
      from = at + 1
      const end = at + needle.length
      const next = lower.slice(end, end + 1)
      if (next && !/[^\p{L}\p{N}_]/u.test(next)) continue
      if (taken.some(([s, e]) => at >= s && at < e)) continue
      taken.push([at, end])
      if (m.id !== senderId) found.add(m.id)
    }
  }
  return [...found]
}
