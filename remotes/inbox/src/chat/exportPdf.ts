/**
 * PDF export of a conversation through the browser's own print-to-PDF: the
 * loaded messages are laid out in a print-styled, hidden frame and the print
 * dialog opens (choose "Save as PDF"). No PDF library is needed. The frame is
 * built with DOM calls and textContent only, so message text can never become markup.
 */
import { formatDateTime } from '@balcao/ui/core'
import type { ChatMessage } from './types.js'

const PRINT_CSS = `
  @page { margin: 14mm; }
  body { font: 12px/1.45 system-ui, sans-serif; color: #111; }
  h1 { font-size: 16px; margin: 0 0 4px; }
  .meta { color: #555; margin-bottom: 12px; }
  .msg { margin: 6px 0; padding: 6px 8px; border-radius: 6px; max-width: 80%; page-break-inside: avoid; white-space: pre-wrap; }
  .in { background: #f1f1f1; }
  .out { background: #dcf3ff; margin-left: auto; }
  .private { background: #fff6d5; border: 1px dashed #c9a400; }
  .when { color: #666; font-size: 10px; }
`

export interface ExportLabels {
  title: string
  you: string
  contact: string
  privateNote: string
  deleted: string
  media: string
}

export function conversationDocument(doc: Document, header: string, messages: ChatMessage[], labels: ExportLabels) {
  doc.title = labels.title
  const style = doc.createElement('style')
  style.textContent = PRINT_CSS
  doc.head.appendChild(style)
  const h1 = doc.createElement('h1')
  h1.textContent = labels.title
  const meta = doc.createElement('div')
  meta.className = 'meta'
  meta.textContent = header
  doc.body.append(h1, meta)
  for (const m of messages) {
    const div = doc.createElement('div')
    div.className = `msg ${m.fromMe ? 'out' : 'in'}${m.isPrivate ? ' private' : ''}`
    const when = doc.createElement('div')
    when.className = 'when'
    const who = m.fromMe ? labels.you : (m.contact?.name ?? labels.contact)
    when.textContent = `${who} · ${formatDateTime(m.createdAt)}${m.isPrivate ? ` · ${labels.privateNote}` : ''}`
    const text = doc.createElement('div')
    const media = m.mediaType ? `[${labels.media}: ${m.mediaName ?? m.mediaType}] ` : ''
    text.textContent = m.isDeleted ? `${labels.deleted} ${m.body ?? ''}` : `${media}${m.body ?? ''}`
    div.append(when, text)
    doc.body.appendChild(div)
  }
}

/** Returns false when there is nothing to export (the caller shows the spec's message). */
export function exportConversationPdf(header: string, messages: ChatMessage[], labels: ExportLabels) {
  if (!messages.length) return false
  const frame = document.createElement('iframe')
  frame.setAttribute('aria-hidden', 'true')
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0'
  document.body.appendChild(frame)
  const win = frame.contentWindow
  const doc = frame.contentDocument
  if (!win || !doc) {
    frame.remove()
    return false
  }
  conversationDocument(doc, header, messages, labels)
  // remove the frame once the dialog closes (afterprint), with a fallback for browsers without it
  const cleanup = () => setTimeout(() => frame.remove(), 1000)
  win.addEventListener('afterprint', cleanup, { once: true })
  win.focus()
  win.print()
  setTimeout(() => frame.isConnected && frame.remove(), 60000)
  return true
}
