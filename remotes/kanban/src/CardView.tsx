/**
 * One ticket on the board: contact name and number (masked by the server when
 * lgpdHideNumber applies), the last message, unread count, agent and a button
 * to open the ticket. The card is a @dnd-kit draggable: mouse drag, a long
 * press on touch screens, or Space/Enter from the keyboard (the card itself
 * must have the focus, so Enter on its button still opens the ticket).
 */
import { memo, useCallback, type CSSProperties, type Ref } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useDraggable, type DraggableAttributes, type DraggableSyntheticListeners } from '@dnd-kit/core'
import { Button, CounterBadge, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { OpenRegular, PersonRegular, ReOrderDotsVerticalRegular } from '@fluentui/react-icons'
import type { Card } from './types.js'

/** what a dragged card carries (dnd-kit's `active.data`) */
export interface CardDragData {
  card: Card
  lane: number
  laneName: string
}

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    gap: '4px 8px',
    padding: '10px 10px 10px 6px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderLeft: '4px solid transparent',
    cursor: 'grab',
    userSelect: 'none',
    // a long press drags: no callout menu or text selection on phones
    WebkitTouchCallout: 'none',
    outlineOffset: '2px',
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}` },
  },
  // the card's place while it is dragged (the overlay carries its copy)
  lifted: { opacity: 0.4, ':focus-visible': { outline: `2px dashed ${tokens.colorBrandStroke1}` } },
  // the copy under the pointer or moved by the arrows (DragOverlay)
  overlay: {
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: tokens.shadow28,
    transform: 'rotate(-2deg)',
    cursor: 'grabbing',
  },
  handle: {
    gridRow: '1 / span 4',
    display: 'flex',
    alignItems: 'center',
    color: tokens.colorNeutralForeground3,
    cursor: 'grab',
    padding: '0 2px',
  },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  number: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  message: {
    gridColumn: '2 / span 2',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: '2',
    WebkitBoxOrient: 'vertical',
    wordBreak: 'break-word',
    minHeight: '16px',
  },
  footer: {
    gridColumn: '2 / span 2',
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  agent: { flexGrow: 1, display: 'flex', alignItems: 'center', gap: '4px', minWidth: 0, overflow: 'hidden' },
  agentName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

export interface CardViewProps {
  card: Card
  laneName: string
  lifted?: boolean
  overlay?: boolean
  nodeRef?: Ref<HTMLDivElement>
  attributes?: DraggableAttributes
  listeners?: DraggableSyntheticListeners
}

/** The card as it looks; `DraggableCard` makes it a drag source, the board's DragOverlay shows a copy. */
export function CardView(props: CardViewProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const { card } = props
  const name = card.contact?.name ?? ''
  const style: CSSProperties = card.queue?.color ? { borderLeftColor: card.queue.color } : {}
  return (
    <div
      ref={props.nodeRef}
      {...props.attributes}
      {...props.listeners}
      // a list item of the lane (dnd-kit's default role is button, which must not hold a button)
      role={props.overlay ? undefined : 'listitem'}
      aria-pressed={undefined}
      tabIndex={props.overlay ? -1 : 0}
      aria-hidden={props.overlay || undefined}
      aria-label={t('kanban.board.cardLabel', { name, lane: props.laneName })}
      data-card-id={props.overlay ? undefined : card.id}
      data-testid={props.overlay ? 'card-overlay' : `card-${card.id}`}
      className={mergeClasses(styles.card, props.lifted && styles.lifted, props.overlay && styles.overlay)}
      style={style}
    >
      <span className={styles.handle} data-drag-handle aria-hidden="true" title={t('kanban.board.dragHandle', { name })}>
        <ReOrderDotsVerticalRegular />
      </span>
      <span className={styles.name}>{name}</span>
      <Tooltip content={t('kanban.board.viewTicket')} relationship="label">
        <Button
          size="small"
          appearance="subtle"
          icon={<OpenRegular />}
          tabIndex={props.overlay ? -1 : undefined}
          data-testid={props.overlay ? undefined : `view-ticket-${card.id}`}
          onClick={() => navigate(`/tickets/${card.uuid}`)}
        />
      </Tooltip>
      <span className={styles.number} style={{ gridColumn: '2 / span 2' }}>
        {card.contact?.number}
      </span>
      <span className={styles.message}>{card.lastMessage ?? ''}</span>
      <div className={styles.footer}>
        <span className={styles.agent}>
          <PersonRegular />
          <span className={styles.agentName}>{card.user?.name ?? t('kanban.board.noAgent')}</span>
        </span>
        {card.unreadMessages > 0 && (
          <CounterBadge
            count={card.unreadMessages}
            size="small"
            color="danger"
            aria-label={t('kanban.board.unread', { count: card.unreadMessages })}
          />
        )}
      </div>
    </div>
  )
}

export const DraggableCard = memo(function DraggableCard(props: { card: Card; lane: number; laneName: string }) {
  const { t } = useTranslation()
  const data: CardDragData = { card: props.card, lane: props.lane, laneName: props.laneName }
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `card-${props.card.id}`,
    data,
    attributes: { roleDescription: t('kanban.board.cardRole') },
  })
  // the card is both the node and the keyboard activator: keys pressed on its button stay the button's
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef(el)
      setActivatorNodeRef(el)
    },
    [setNodeRef, setActivatorNodeRef]
  )
  return (
    <CardView
      card={props.card}
      laneName={props.laneName}
      lifted={isDragging}
      nodeRef={ref}
      attributes={attributes}
      listeners={listeners}
    />
  )
})
