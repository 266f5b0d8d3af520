/**
 * One lane: its header (the tag's chip, or the default lane's name) and card
 * count, and its cards, paged: the next page loads when the lane is scrolled
 * near its end (or with the button), so a lane of thousands stays light. The
 * whole lane is one @dnd-kit drop target (a card's place inside it is the
 * server's order), so only the loaded page's cards are ever measured.
 */
import { memo, useCallback } from 'react'
import { useDroppable } from '@dnd-kit/core'
import { useTranslation } from 'react-i18next'
import { Button, CounterBadge, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { INFINITE_SCROLL_THRESHOLD_PX } from '@balcao/ui'
import { DraggableCard } from './CardView.js'
import { TagChip } from '@balcao/ui'
import type { LaneState } from './boardState.js'

const useStyles = makeStyles({
  lane: {
    display: 'flex',
    flexDirection: 'column',
    flex: '0 0 300px',
    width: '300px',
    maxHeight: '100%',
    minHeight: '160px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `2px solid transparent`,
    scrollSnapAlign: 'start',
    // a phone shows one lane and the edge of the next, so the board reads as scrollable
    '@media (max-width: 599px)': { flex: '0 0 78vw', width: '78vw' },
  },
  over: { border: `2px dashed ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorBrandBackground2 },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '10px 12px',
    borderTop: '4px solid transparent',
    borderTopLeftRadius: tokens.borderRadiusLarge,
    borderTopRightRadius: tokens.borderRadiusLarge,
  },
  title: { fontWeight: tokens.fontWeightSemibold, flexGrow: 1, minWidth: 0 },
  cards: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '4px 10px 12px',
    overflowY: 'auto',
    flexGrow: 1,
    minHeight: '60px',
  },
  empty: { color: tokens.colorNeutralForeground3, textAlign: 'center', padding: '16px 0' },
})

/** a lane's drop target id (cards are `card-{ticketId}`) */
export const laneDropId = (laneId: number) => `lane-${laneId}`

export interface LaneProps {
  lane: LaneState
  title: string
  /** the lane a card is being dragged from, if any: it is no target for its own card */
  dragFrom: number | null
  loading: boolean
  onLoadMore: (laneId: number) => void
}

export const Lane = memo(function Lane(props: LaneProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { lane } = props
  const { onLoadMore } = props
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.id), data: { lane: lane.id } })
  const over = isOver && props.dragFrom !== null && props.dragFrom !== lane.id
  const onScroll = useCallback(
    (e: React.UIEvent<HTMLDivElement>) => {
      const el = e.currentTarget
      if (lane.nextCursor && !props.loading && el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX)
        onLoadMore(lane.id)
    },
    [lane.id, lane.nextCursor, props.loading, onLoadMore]
  )
  return (
    <section
      ref={setNodeRef}
      className={mergeClasses(styles.lane, over && styles.over)}
      // the lane's id in the page (the board's order, read by tests); dnd-kit knows the lane by useDroppable
      data-drop-id={lane.id}
      data-testid={`lane-${lane.id}`}
      aria-label={props.title}
    >
      <header className={styles.header} style={lane.color ? { borderTopColor: lane.color } : undefined}>
        <span className={styles.title}>
          {lane.id === 0 ? props.title : <TagChip name={props.title} color={lane.color} />}
        </span>
        <CounterBadge count={lane.count} showZero appearance="ghost" color="informative" data-testid={`lane-count-${lane.id}`} />
      </header>
      <div className={styles.cards} role="list" aria-label={props.title} onScroll={onScroll}>
        {lane.cards.map((card) => (
          <DraggableCard key={card.id} card={card} lane={lane.id} laneName={props.title} />
        ))}
        {!lane.cards.length && !props.loading && <div className={styles.empty}>{t('kanban.board.empty')}</div>}
        {props.loading && <Spinner size="tiny" />}
        {lane.nextCursor && !props.loading && (
          <Button appearance="subtle" size="small" onClick={() => onLoadMore(lane.id)}>
            {t('kanban.board.loadMore')}
          </Button>
        )}
      </div>
    </section>
  )
})
