/**
 * Quick replies offered while the text is "/shortcut": which ones match and how
 * the arrow keys move through them. Pure (tests/unit/inbox_chat_logic.spec.ts).
 */
import type { QuickMessage } from './types.js'

export const QUICK_REPLY_PREVIEW_CHARS = 90

/** The term after a leading "/" while the whole text is one word; undefined otherwise. */
export const quickTerm = (text: string): string | undefined => /^\/(\S*)$/.exec(text)?.[1]

/** The quick replies whose shortcut contains the term, ignoring case, in their order. */
export function matchQuickReplies(all: QuickMessage[], term: string): QuickMessage[] {
  const lower = term.toLowerCase()
  return all.filter((q) => q.shortcode.toLowerCase().includes(lower))
}

/** The next highlighted index for ArrowDown / ArrowUp, wrapping around. */
export const stepQuickIndex = (index: number, key: 'ArrowDown' | 'ArrowUp', count: number) =>
  (index + (key === 'ArrowDown' ? 1 : count - 1)) % count

/** The start of the reply's text shown in the list. */
export const quickPreview = (q: Pick<QuickMessage, 'message'>) => q.message.slice(0, QUICK_REPLY_PREVIEW_CHARS)

/** The file name of a media quick reply: its name, else the last segment of its path without the query. */
export const quickMediaName = (q: Pick<QuickMessage, 'mediaName' | 'mediaPath'>) =>
  q.mediaName || q.mediaPath?.split('/').pop()?.split('?')[0] || 'file'
