/** A top-bar icon with an unread badge that opens a list in a popover. */
import type { JSX, ReactNode } from 'react'
import {
  Button,
  CounterBadge,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Subtitle2,
  Tooltip,
  makeStyles,
} from '@fluentui/react-components'

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '0', right: '0', pointerEvents: 'none' },
  surface: { width: 'min(360px, calc(100vw - 24px))', maxHeight: '420px', overflowY: 'auto', padding: '12px' },
  title: { display: 'block', marginBottom: '8px' },
})

export function HeaderPopover(props: {
  label: string
  icon: JSX.Element
  count: number
  testId: string
  onOpen?: () => void
  children: ReactNode
}) {
  const styles = useStyles()
  return (
    <Popover withArrow positioning="below-end" onOpenChange={(_, d) => d.open && props.onOpen?.()}>
      <PopoverTrigger disableButtonEnhancement>
        <span className={styles.anchor}>
          <Tooltip content={props.label} relationship="label">
            <Button appearance="subtle" icon={props.icon} data-testid={props.testId} />
          </Tooltip>
          {props.count > 0 && <CounterBadge className={styles.badge} count={props.count} size="small" color="danger" />}
        </span>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} data-testid={`${props.testId}-surface`}>
        <Subtitle2 className={styles.title}>{props.label}</Subtitle2>
        {props.children}
      </PopoverSurface>
    </Popover>
  )
}
