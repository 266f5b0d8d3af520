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
