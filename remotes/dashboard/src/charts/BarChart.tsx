/**
 * A plain SVG bar chart (vertical bars, value on top, label below), drawn in
 * Fluent's tokens so it follows the light and dark themes. Stands in until a
 * chart library is added to the shared dependencies.
 */
import { makeStyles, tokens } from '@fluentui/react-components'
import type { Bar } from '../types.js'

const useStyles = makeStyles({
  svg: { width: '100%', height: 'auto', maxHeight: '280px', display: 'block' },
  bar: { fill: tokens.colorBrandBackground },
  value: { fill: tokens.colorNeutralForeground2, fontSize: '11px' },
  label: { fill: tokens.colorNeutralForeground3, fontSize: '11px' },
  axis: { stroke: tokens.colorNeutralStroke2 },
})

const W = 720
const H = 240
const PAD = { top: 20, bottom: 44, left: 28, right: 8 }

export function BarChart({ data, title, testId }: { data: Bar[]; title: string; testId?: string }) {
  const styles = useStyles()
  const max = Math.max(1, ...data.map((d) => d.value))
  const slot = (W - PAD.left - PAD.right) / Math.max(1, data.length)
  const barW = Math.max(2, Math.min(40, slot * 0.7))
  const plotH = H - PAD.top - PAD.bottom
  // labels thin out when bars get narrow (a month of days)
  const every = Math.ceil(28 / slot)
  // wide slots (a few agents) keep their labels level, cut to the slot; narrow ones slant them
  const level = slot >= 70
  const fit = (label: string) => {
    const max = level ? Math.floor(slot / 7) : 14
    return label.length > max ? `${label.slice(0, max - 1)}…` : label
  }
  return (
    <svg className={styles.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} data-testid={testId}>
      <title>{title}</title>
      <line className={styles.axis} x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} />
      {data.map((d, i) => {
        const h = (d.value / max) * plotH
        const x = PAD.left + i * slot + (slot - barW) / 2
        const y = H - PAD.bottom - h
        return (
          <g key={`${d.label}-${i}`} data-bar={d.label} data-value={d.value}>
            <rect className={styles.bar} x={x} y={y} width={barW} height={h} rx={2}>
              <title>{`${d.label}: ${d.value}`}</title>
            </rect>
            {d.value > 0 && (
              <text className={styles.value} x={x + barW / 2} y={y - 4} textAnchor="middle">
                {d.value}
              </text>
            )}
            {i % every === 0 && (
              <text
                className={styles.label}
                x={x + barW / 2}
                y={H - PAD.bottom + 14}
                textAnchor={level ? 'middle' : 'end'}
                transform={level ? undefined : `rotate(-35 ${x + barW / 2} ${H - PAD.bottom + 14})`}
              >
                {fit(d.label)}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
