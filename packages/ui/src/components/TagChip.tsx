/** A tag's name on a chip of its own colour, with text that stays readable on it (tags, kanban lanes). */
import { makeStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  chip: {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '220px',
    padding: '2px 10px',
    borderRadius: '12px',
    fontSize: '12px',
    lineHeight: '18px',
    fontWeight: 600,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
})

/** Black or white, whichever contrasts more with a #rrggbb background. */
export function textOn(color: string | null) {
  const m = /^#?([0-9a-f]{6})$/i.exec(color ?? '')
  if (!m) return '#fff'
  const n = parseInt(m[1], 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1b1b1b' : '#fff'
}

export function TagChip(props: { name: string; color: string | null; title?: string }) {
  const styles = useStyles()
  return (
    <span
      className={styles.chip}
      style={{ backgroundColor: props.color || '#777', color: textOn(props.color) }}
      title={props.title ?? props.name}
    >
      {props.name}
    </span>
  )
}
