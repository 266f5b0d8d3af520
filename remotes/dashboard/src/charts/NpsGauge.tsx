/** The NPS score (−100 to 100) as a half-circle gauge in plain SVG, red to green. */
import { makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  svg: { width: '100%', maxWidth: '320px', height: 'auto', display: 'block', margin: '0 auto' },
  track: { stroke: tokens.colorNeutralStroke2, fill: 'none' },
  score: { fill: tokens.colorNeutralForeground1, fontSize: '28px', fontWeight: 600 },
  scale: { fill: tokens.colorNeutralForeground3, fontSize: '11px' },
})

const R = 90
const CX = 110
const CY = 110

/** point on the arc for a score: −100 at the left, 100 at the right */
function point(score: number, r = R) {
  const angle = Math.PI * (1 - (score + 100) / 200)
  return { x: CX + r * Math.cos(angle), y: CY - r * Math.sin(angle) }
}

function arc(from: number, to: number) {
  const a = point(from)
  const b = point(to)
  return `M ${a.x} ${a.y} A ${R} ${R} 0 0 1 ${b.x} ${b.y}`
}

export function NpsGauge({ score, label, title }: { score: number; label: string; title: string }) {
  const styles = useStyles()
  const clamped = Math.max(-100, Math.min(100, score))
  const needle = point(clamped, R - 18)
  return (
    <svg className={styles.svg} viewBox="0 0 220 140" role="img" aria-label={`${title}: ${label}`} data-testid="nps-gauge">
      <title>{`${title}: ${label}`}</title>
      <path className={styles.track} d={arc(-100, 100)} strokeWidth={18} />
      <path d={arc(-100, 0)} stroke={tokens.colorPaletteRedBackground3} strokeWidth={18} fill="none" />
      <path d={arc(0, 50)} stroke={tokens.colorPaletteYellowBackground3} strokeWidth={18} fill="none" />
      <path d={arc(50, 100)} stroke={tokens.colorPaletteGreenBackground3} strokeWidth={18} fill="none" />
      <line x1={CX} y1={CY} x2={needle.x} y2={needle.y} stroke={tokens.colorNeutralForeground1} strokeWidth={3} />
      <circle cx={CX} cy={CY} r={5} fill={tokens.colorNeutralForeground1} />
      <text className={styles.score} x={CX} y={CY + 28} textAnchor="middle">
        {label}
      </text>
      <text className={styles.scale} x={CX - R} y={CY + 16} textAnchor="middle">
        −100
      </text>
      <text className={styles.scale} x={CX + R} y={CY + 16} textAnchor="middle">
        100
      </text>
    </svg>
  )
}
