/**
 * An e-mail address in a narrow cell: it may wrap before the '@', never in the
 * middle of a word. A part longer than the cell ends in '…' (the whole address
 * is in the tooltip).
 */
import type { CSSProperties } from 'react'

const piece: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
}

export function EmailText({ value }: { value: string | null | undefined }) {
  if (!value) return null
  const at = value.indexOf('@')
  if (at <= 0)
    return (
      <span title={value} style={piece}>
        {value}
      </span>
    )
  return (
    <span title={value} data-email={value}>
      <span style={piece}>{value.slice(0, at)}</span>
      <wbr />
      <span style={piece}>{value.slice(at)}</span>
    </span>
  )
}
