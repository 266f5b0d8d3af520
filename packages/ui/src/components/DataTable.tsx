/**
 * The list of every administration screen: optional search box (500 ms debounce),
 * a table, and infinite scroll that asks for the next page within 100 px of the end.
 *
 * Under 600 px of width (its own width, so a phone or a narrow pane alike) the
 * rows become cards: the primary column as the card's title, the actions
 * column always in its top corner, every other column as a "label: value" line
 * (columns marked `hideInCards` are left out). Same DOM (table, rows, cells),
 * so selectors and test ids stay the same at every width.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react'
import {
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@balcao/ui/core'
import { EmptyState } from './EmptyState.js'
import { ErrorState } from './ErrorState.js'

export const SEARCH_DEBOUNCE_MS = 500
export const INFINITE_SCROLL_THRESHOLD_PX = 100
/** under this width (of the table's own box) rows are shown as cards */
export const CARD_BREAKPOINT_PX = 600
/** the least width of a column without its own width, so a wide table scrolls instead of squeezing words */
const MIN_COLUMN_PX = 110

export interface Column<T> {
  key: string
  header: ReactNode
  render: (row: T) => ReactNode
  width?: string
  align?: 'start' | 'center' | 'end'
  /** the card's title on a phone (default: the name/title column, else the first data column) */
  primary?: boolean
  /** a secondary detail left out of the phone cards */
  hideInCards?: boolean
  /** the row's buttons (default: the column keyed 'actions'); always reachable, also on a phone */
  actions?: boolean
}

export interface DataTableProps<T> {
  columns: Column<T>[]
  items: T[]
  getRowId: (row: T) => string | number
  loading?: boolean
  hasMore?: boolean
  onLoadMore?: () => void
  error?: unknown
  onRetry?: () => void
  /** shows the search box; called with the settled text */
  onSearch?: (text: string) => void
  searchPlaceholder?: string
  toolbar?: ReactNode
  emptyTitle?: string
  rowStyle?: (row: T) => CSSProperties | undefined
  /** height of the scrolling area */
  maxHeight?: string
  ariaLabel?: string
}

const FLEX_ALIGN = { start: 'flex-start', center: 'center', end: 'flex-end' } as const
const PRIMARY_KEYS = ['name', 'title', 'shortcode']

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minHeight: 0, minWidth: 0 },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  search: { flexGrow: 1, maxWidth: '360px', minWidth: '180px' },
  grow: { flexGrow: 1 },
  scroll: {
    overflowY: 'auto',
    overflowX: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  headerCell: { fontWeight: tokens.fontWeightSemibold },
  // long e-mails and names wrap between words; a word is split only when it cannot fit a line alone
  cell: { overflowWrap: 'break-word', wordBreak: 'normal' },
  footer: { display: 'flex', justifyContent: 'center', padding: '12px' },

  // ---- cards (narrow) ----
  cardsTable: { display: 'block', width: '100%', minWidth: 0 },
  // the header row stays for screen readers, out of sight
  cardsHeader: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  cardsBody: { display: 'block' },
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    columnGap: '8px',
    rowGap: '2px',
    padding: '10px 12px',
    height: 'auto',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  cardCell: {
    display: 'flex',
    alignItems: 'baseline',
    gap: '8px',
    gridColumn: '1 / -1',
    padding: '0',
    minWidth: 0,
    height: 'auto',
    minHeight: '24px',
    textAlign: 'start',
    overflowWrap: 'anywhere',
  },
  cardLabelShown: {
    display: 'inline',
    flexShrink: 0,
    width: '38%',
    maxWidth: '140px',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    overflowWrap: 'break-word',
  },
  cardPrimary: {
    gridColumn: '1',
    gridRow: '1',
    alignSelf: 'center',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    minHeight: '32px',
  },
  cardActions: {
    gridColumn: '2',
    gridRow: '1',
    justifyContent: 'flex-end',
    alignSelf: 'start',
    flexWrap: 'wrap',
    // four buttons a line: more wrap below rather than squeeze the card's title
    maxWidth: '148px',
  },
})

/** Whether the element is narrower than the card breakpoint, kept current as it resizes. */
function useNarrow(ref: RefObject<HTMLElement | null>) {
  const [narrow, setNarrow] = useState(() =>
    typeof window === 'undefined' ? false : window.innerWidth < CARD_BREAKPOINT_PX
  )
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => {
      const w = el.getBoundingClientRect().width
      if (w > 0) setNarrow(w < CARD_BREAKPOINT_PX)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return narrow
}

const px = (width?: string) => {
  const m = width ? /^(\d+(?:\.\d+)?)px$/.exec(width.trim()) : null
  return m ? Number(m[1]) : null
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [text, setText] = useState('')
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const onSearch = props.onSearch
  const first = useRef(true)
  const rootRef = useRef<HTMLDivElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const narrow = useNarrow(rootRef)

  useEffect(() => {
    // the first settle is the initial empty text: the list is already loading
    if (first.current) {
      first.current = false
      return
    }
    onSearch?.(settled)
  }, [settled, onSearch])

  const { hasMore, loading, onLoadMore } = props
  const maybeLoadMore = () => {
    const el = scrollRef.current
    if (!el || !hasMore || loading || !onLoadMore) return
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= INFINITE_SCROLL_THRESHOLD_PX) onLoadMore()
  }

  // a short first page does not scroll: keep loading while the end is in view
  useEffect(maybeLoadMore)

  const isActions = (c: Column<T>) => c.actions ?? c.key === 'actions'
  const primaryKey =
    props.columns.find((c) => c.primary)?.key ??
    props.columns.find((c) => PRIMARY_KEYS.includes(c.key))?.key ??
    props.columns.find((c) => c.key !== 'id' && !isActions(c))?.key
  const shown = narrow
    ? props.columns.filter((c) => !c.hideInCards || c.key === primaryKey || isActions(c))
    : props.columns
  // wide: every column keeps a readable width; past the box's width the table scrolls sideways
  const minWidth = props.columns.reduce((sum, c) => sum + (px(c.width) ?? MIN_COLUMN_PX), 0)

  const cellClass = (c: Column<T>) => {
    if (!narrow) return styles.cell
    if (c.key === primaryKey) return mergeClasses(styles.cardCell, styles.cardPrimary)
    if (isActions(c)) return mergeClasses(styles.cardCell, styles.cardActions)
    return styles.cardCell
  }
  const label = (c: Column<T>) =>
    narrow && c.key !== primaryKey && !isActions(c) && c.header ? (
      <span className={styles.cardLabelShown} aria-hidden="true">
        {c.header}
      </span>
    ) : null

  const showSearch = Boolean(props.onSearch)
  return (
    <div className={styles.root} ref={rootRef} data-layout={narrow ? 'cards' : 'table'} data-testid="data-table">
      {(showSearch || props.toolbar) && (
        <div className={styles.bar}>
          {showSearch && (
            <SearchBox
              className={styles.search}
              placeholder={props.searchPlaceholder ?? t('kit.search')}
              value={text}
              onChange={(_, d) => setText(d.value)}
              aria-label={props.searchPlaceholder ?? t('kit.search')}
            />
          )}
          <div className={styles.grow} />
          {props.toolbar}
        </div>
      )}
      {props.error && props.items.length === 0 ? (
        <ErrorState error={props.error} onRetry={props.onRetry} />
      ) : (
        <div
          ref={scrollRef}
          className={styles.scroll}
          style={{ maxHeight: props.maxHeight ?? 'calc(100vh - 220px)' }}
          onScroll={maybeLoadMore}
          data-testid="data-table-scroll"
        >
          <Table
            aria-label={props.ariaLabel}
            size="small"
            role="table"
            className={narrow ? styles.cardsTable : undefined}
            style={narrow ? undefined : { minWidth: `${minWidth}px` }}
          >
            <TableHeader className={narrow ? styles.cardsHeader : undefined}>
              <TableRow role="row">
                {shown.map((c) => (
                  <TableHeaderCell
                    key={c.key}
                    role="columnheader"
                    className={styles.headerCell}
                    style={{ width: c.width, textAlign: c.align }}
                    // the header's content sits in a flex button: textAlign alone does not move it
                    button={{ style: { justifyContent: FLEX_ALIGN[c.align ?? 'start'] } }}
                  >
                    {c.header}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody className={narrow ? styles.cardsBody : undefined}>
              {props.items.map((row) => (
                <TableRow
                  key={props.getRowId(row)}
                  role="row"
                  className={narrow ? styles.card : undefined}
                  style={props.rowStyle?.(row)}
                  data-testid="data-table-row"
                >
                  {shown.map((c) => (
                    <TableCell
                      key={c.key}
                      role="cell"
                      className={cellClass(c)}
                      style={narrow ? undefined : { textAlign: c.align }}
                      data-column={c.key}
                    >
                      {label(c)}
                      {narrow ? <span style={{ minWidth: 0 }}>{c.render(row)}</span> : c.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {props.loading && (
            <div className={styles.footer}>
              <Spinner size="tiny" label={t('kit.loading')} />
            </div>
          )}
          {!props.loading && props.items.length === 0 && <EmptyState title={props.emptyTitle} />}
        </div>
      )}
    </div>
  )
}
