/**
 * A top-bar icon with an unread badge that opens a list in a popover. The
 * trigger is one focusable button (the badge is drawn inside it), and Escape
 * closes the popover wherever the focus is, giving the focus back to the button.
 */
import { useEffect, useRef, useState, type JSX, type ReactNode } from 'react'
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
  // the badge sits on the icon, inside the one button
  icon: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-8px', right: '-10px', pointerEvents: 'none' },
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
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  const onOpen = useRef(props.onOpen)
  onOpen.current = props.onOpen

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      trigger.current?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  const label = props.count > 0 ? `${props.label} (${props.count})` : props.label
  return (
    <Popover
      withArrow
      positioning="below-end"
      open={open}
      onOpenChange={(_, d) => {
        setOpen(d.open)
        if (d.open) onOpen.current?.()
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label">
          <Button
            ref={trigger}
            appearance="subtle"
            icon={
              <span className={styles.icon}>
                {props.icon}
                {props.count > 0 && (
                  <CounterBadge
                    className={styles.badge}
                    count={props.count}
                    size="small"
                    color="danger"
                    aria-hidden="true"
                    data-testid={`${props.testId}-count`}
                  />
                )}
              </span>
            }
            aria-expanded={open}
            aria-haspopup="dialog"
            data-testid={props.testId}
          />
        </Tooltip>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} data-testid={`${props.testId}-surface`} aria-label={props.label}>
        <Subtitle2 className={styles.title}>{props.label}</Subtitle2>
        {props.children}
      </PopoverSurface>
    </Popover>
  )
}
