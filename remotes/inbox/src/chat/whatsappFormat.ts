/**
 * WhatsApp's inline marks: *bold*, _italic_, ~strike~ and ```mono```. A mark
 * opens and closes on the same line and is not empty; anything else is plain
 * text. Pure (tests/unit/inbox_chat_logic.spec.ts): MessageBubble turns the
 * pieces into React elements, never into HTML.
 */
export type WhatsappMark = 'text' | 'bold' | 'italic' | 'strike' | 'mono'

export interface WhatsappPiece {
  mark: WhatsappMark
  text: string
}

const MARKS = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~|```[^`]+```)/g

/** The text cut into marked and plain pieces, in order (empty pieces left out). */
export function parseWhatsapp(text: string): WhatsappPiece[] {
  return text
    .split(MARKS)
    .filter((p) => p !== '')
    .map((p): WhatsappPiece => {
      if (/^\*[^*\n]+\*$/.test(p)) return { mark: 'bold', text: p.slice(1, -1) }
      if (/^_[^_\n]+_$/.test(p)) return { mark: 'italic', text: p.slice(1, -1) }
      if (/^~[^~\n]+~$/.test(p)) return { mark: 'strike', text: p.slice(1, -1) }
      if (/^```[^`]+```$/.test(p)) return { mark: 'mono', text: p.slice(3, -3) }
      return { mark: 'text', text: p }
    })
}

/**
 * A one-line preview (ticket cards): the pieces of the text with its line
 * breaks and runs of spaces folded, cut after `max` visible characters (the
 * marks themselves do not count) with an ellipsis, so '*Mariana:* oi' reads
 * 'Mariana: oi' in bold and plain, never with its asterisks.
 */
export function previewPieces(text: string | null | undefined, max: number): WhatsappPiece[] {
  const out: WhatsappPiece[] = []
  let left = max
  // marks are read on the text as sent (they never span lines), then every run of spaces folds to one
  const pieces = parseWhatsapp((text ?? '').trim())
    .map((p) => ({ ...p, text: p.text.replace(/\s+/g, ' ') }))
    .filter((p) => p.text !== '')
  for (const p of pieces) {
    if (left <= 0) break
    if (p.text.length > left) {
      out.push({ mark: p.mark, text: p.text.slice(0, left) })
      out.push({ mark: 'text', text: '…' })
      left = 0
      break
    }
    out.push(p)
    left -= p.text.length
  }
  // text left after the cut at exactly `max` characters still earns its ellipsis
  const shown = out.reduce((n, p) => n + p.text.length, 0)
  const total = pieces.reduce((n, p) => n + p.text.length, 0)
  if (left === 0 && shown === max && total > max) out.push({ mark: 'text', text: '…' })
  return out
}

/** The visible text of a preview (a title attribute, an aria label). */
export const plainPreview = (pieces: WhatsappPiece[]) => pieces.map((p) => p.text).join('')
