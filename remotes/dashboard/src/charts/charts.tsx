/**
 * The dashboard's charts, drawn by Fluent UI's own chart library
 * (@fluentui/react-charts) so they follow the Fluent theme's tokens. Each
 * chart takes an optional ref to the library's Chart handle, whose toImage()
 * renders the chart's SVG to a PNG for the PDF export.
 */
import type { Ref } from 'react'
import {
  GaugeChart,
  GroupedVerticalBarChart,
  VerticalBarChart,
  type Chart,
  type GroupedVerticalBarChartData,
  type VerticalBarChartDataPoint,
} from '@fluentui/react-charts'
import { makeStyles, tokens, webLightTheme } from '@fluentui/react-components'
import type { Bar } from '../types.js'

const useStyles = makeStyles({
  // the cartesian charts size themselves to this box; minWidth 0 lets a grid cell shrink on a phone
  box: { width: '100%', minWidth: 0, overflow: 'hidden' },
  gauge: { display: 'flex', justifyContent: 'center', minWidth: 0 },
})

/**
 * A fixed size (the PDF's off-screen copies) or the parent's width (on
 * screen). `print` draws in the light theme's colours as plain values: a PDF
 * is white whatever the theme, and a chart turned into an image no longer
 * sees the page's CSS variables (its legend swatches would come out black).
 */
interface Size {
  width?: number
  height?: number
  print?: boolean
}

type ColorName =
  | 'colorBrandBackground'
  | 'colorPaletteMarigoldBackground3'
  | 'colorPaletteRedBackground3'
  | 'colorPaletteYellowBackground3'
  | 'colorPaletteGreenBackground3'
const color = (name: ColorName, print?: boolean) => (print ? webLightTheme[name] : tokens[name])

const CHART_HEIGHT = 280

/** Vertical bars, one per label (a day, an hour or an agent). */
export function BarChart({
  data,
  title,
  testId,
  chartRef,
  width,
  height = CHART_HEIGHT,
  print,
}: { data: Bar[]; title: string; testId?: string; chartRef?: Ref<Chart> } & Size) {
  const styles = useStyles()
  const points: VerticalBarChartDataPoint[] = data.map((d) => ({
    x: d.label,
    y: d.value,
    legend: title,
    color: color('colorBrandBackground', print),
    // the bar's accessible name: what the tests and screen readers read
    callOutAccessibilityData: { ariaLabel: `${d.label}: ${d.value}` },
  }))
  return (
    <div className={styles.box} data-testid={testId} role="figure" aria-label={title}>
      <VerticalBarChart
        componentRef={chartRef}
        data={points}
        chartTitle={title}
        width={width}
        height={height}
        hideLegend
        useSingleColor
        roundCorners
        // the bars share the width (up to maxBarWidth) instead of huddling in the middle
        barWidth="auto"
        maxBarWidth={40}
        // a month of days: labels that would collide are dropped; long agent names are cut with a tooltip
        hideTickOverlap
        showXAxisLablesTooltip
        noOfCharsToTruncate={14}
        yAxisTickCount={4}
      />
    </div>
  )
}

/** Wait and service time per agent (minutes), side by side. */
export function TimesChart({
  rows,
  title,
  legends,
  testId,
  chartRef,
  width,
  height = CHART_HEIGHT,
  print,
}: {
  rows: { label: string; wait: number; service: number }[]
  title: string
  legends: { wait: string; service: string }
  testId?: string
  chartRef?: Ref<Chart>
} & Size) {
  const styles = useStyles()
  const data: GroupedVerticalBarChartData[] = rows.map((r) => ({
    name: r.label,
    series: [
      {
        key: 'wait',
        data: r.wait,
        legend: legends.wait,
        color: color('colorPaletteMarigoldBackground3', print),
        callOutAccessibilityData: { ariaLabel: `${r.label}, ${legends.wait}: ${r.wait}` },
      },
      {
        key: 'service',
        data: r.service,
        legend: legends.service,
        color: color('colorBrandBackground', print),
        callOutAccessibilityData: { ariaLabel: `${r.label}, ${legends.service}: ${r.service}` },
      },
    ],
  }))
  return (
    <div className={styles.box} data-testid={testId} role="figure" aria-label={title}>
      <GroupedVerticalBarChart
        componentRef={chartRef}
        data={data}
        chartTitle={title}
        width={width}
        height={height}
        roundCorners
        barWidth="auto"
        maxBarWidth={32}
        showXAxisLablesTooltip
        noOfCharsToTruncate={14}
        yAxisTickCount={4}
      />
    </div>
  )
}

/** The NPS score on its −100…100 scale: detractor zone red, up to 50 amber, above green. */
export function NpsGauge({
  score,
  label,
  title,
  legends,
  chartRef,
  width = 300,
  height = 200,
  print,
}: {
  score: number
  label: string
  title: string
  legends: { low: string; mid: string; high: string }
  chartRef?: Ref<Chart>
} & Size) {
  const styles = useStyles()
  const value = Math.max(-100, Math.min(100, score))
  return (
    <div className={styles.gauge} data-testid="nps-gauge" role="figure" aria-label={`${title}: ${label}`}>
      <GaugeChart
        componentRef={chartRef}
        chartTitle={title}
        chartValue={value}
        minValue={-100}
        maxValue={100}
        // the score as the interface language writes it (33,33 in Portuguese)
        chartValueFormat={() => label}
        width={width}
        height={height}
        segments={[
          { size: 100, legend: legends.low, color: color('colorPaletteRedBackground3', print) },
          { size: 50, legend: legends.mid, color: color('colorPaletteYellowBackground3', print) },
          { size: 50, legend: legends.high, color: color('colorPaletteGreenBackground3', print) },
        ]}
      />
    </div>
  )
}
