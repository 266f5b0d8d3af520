/**
 * The list of every administration screen: optional search box (500 ms debounce),
 * a table, and infinite scroll that asks for the next page within 100 px of the end.
 */
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
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
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useDebouncedValue } from '@balcao/ui/core'
import { EmptyState } from './EmptyState.js'
import { ErrorState } from './ErrorState.js'

export const SEARCH_DEBOUNCE_MS = 500
export const INFINITE_SCROLL_THRESHOLD_PX = 100

export interface Column<T> {
  key: string
  header: ReactNode
  render: (row: T) => ReactNode
  width?: string
  align?: 'start' | 'center' | 'end'
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

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minHeight: 0 },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  scroll: {
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  headerCell: { fontWeight: tokens.fontWeightSemibold },
  // long e-mails and names wrap instead of running into the next column
  cell: { overflowWrap: 'anywhere' },
  footer: { display: 'flex', justifyContent: 'center', padding: '12px' },
})

export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [text, setText] = useState('')
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const onSearch = props.onSearch
  const first = useRef(true)
  const scrollRef = useRef<HTMLDivElement>(null)

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

  const showSearch = Boolean(props.onSearch)
  return (
    <div className={styles.root}>
      {(showSearch || props.toolbar) && (
        <div className={styles.bar}>
          {showSearch && (
            <SearchBox
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
          <Table aria-label={props.ariaLabel} size="small">
            <TableHeader>
              <TableRow>
                {props.columns.map((c) => (
                  <TableHeaderCell
                    key={c.key}
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
            <TableBody>
              {props.items.map((row) => (
                <TableRow key={props.getRowId(row)} style={props.rowStyle?.(row)}>
                  {props.columns.map((c) => (
                    <TableCell key={c.key} className={styles.cell} style={{ textAlign: c.align }}>
                      {c.render(row)}
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
