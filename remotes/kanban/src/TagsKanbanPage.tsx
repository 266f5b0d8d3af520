/**
 * /TagsKanban (spec 3 §2): the kanban tags (lanes) with search, a chip in the
 * tag's colour, the tickets in each lane, add/edit/delete (the inbox's tag
 * calls with kanban 1); beyond the spec, the lanes' board order, stored: drag
 * a row (@dnd-kit/sortable: mouse, a long press on touch screens, or Space,
 * arrows and Space from the keyboard, with spoken announcements), Alt+arrows,
 * or the arrow buttons. Other users' changes arrive live. Access (admin or
 * the dashboard permission) is the shell's and the server's.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  DndContext,
  DragOverlay,
  closestCenter,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useTranslation } from 'react-i18next'
import {
  Button,
  CounterBadge,
  Input,
  Spinner,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  AddRegular,
  ArrowDownRegular,
  ArrowUpRegular,
  ReOrderDotsVerticalRegular,
  SearchRegular,
} from '@fluentui/react-icons'
import {
  api,
  realtime,
  toasts,
  toastError,
  useDebouncedValue,
  LONG_TOAST_MS,
  SEARCH_DEBOUNCE_MS,
  DeleteDialog,
  EmptyState,
  ErrorState,
  Page,
  RowActions,
} from '@balcao/ui'
import { LaneDialog } from './LaneDialog.js'
import { TagChip } from '@balcao/ui'
import { useKanbanSensors, verticalOnly } from './dnd.js'
import type { KanbanTag } from './types.js'

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  search: { flexGrow: 1, maxWidth: '420px', minWidth: '200px' },
  hint: { color: tokens.colorNeutralForeground3 },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    maxWidth: '860px',
    overflowY: 'auto',
    maxHeight: 'calc(100vh - 240px)',
  },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto auto auto',
    alignItems: 'center',
    gap: '8px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    border: '2px solid transparent',
    userSelect: 'none',
    WebkitTouchCallout: 'none',
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}` },
  },
  // the row's place while it is dragged (the overlay carries its copy)
  lifted: { opacity: 0.4, border: `2px dashed ${tokens.colorBrandStroke1}` },
  overlay: { boxShadow: tokens.shadow28, backgroundColor: tokens.colorBrandBackground2, cursor: 'grabbing' },
  handle: { display: 'flex', cursor: 'grab', color: tokens.colorNeutralForeground3, padding: '4px' },
  disabledHandle: { cursor: 'default', opacity: 0.3 },
  count: { display: 'flex', alignItems: 'center', gap: '6px', color: tokens.colorNeutralForeground3 },
  // on a phone the badge alone says it (its title names it)
  countLabel: { '@media (max-width: 599px)': { display: 'none' } },
  arrows: { display: 'flex' },
  actions: { display: 'flex', flexWrap: 'nowrap' },
  chipCell: { minWidth: 0, overflow: 'hidden' },
})

/** the order after moving `id` onto `target`'s place */
export function reorder(ids: number[], id: number, target: number) {
  const from = ids.indexOf(id)
  const to = ids.indexOf(target)
  if (from < 0 || to < 0 || from === to) return ids
  const next = ids.filter((x) => x !== id)
  next.splice(to, 0, id)
  return next
}

interface RowProps {
  tag: KanbanTag
  first: boolean
  last: boolean
  ordering: boolean
  onShift: (tag: KanbanTag, by: number) => void
  onEdit: (tag: KanbanTag) => void
  onDelete: (tag: KanbanTag) => void
}

/** One lane in the order list: a @dnd-kit sortable item (the row is also its keyboard activator). */
const LaneRow = memo(function LaneRow({ tag, first, last, ordering, onShift, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: tag.id,
    disabled: !ordering,
    attributes: { roleDescription: t('kanban.tags.rowRole') },
  })
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef(el)
      setActivatorNodeRef(el)
    },
    [setNodeRef, setActivatorNodeRef]
  )
  return (
    <div
      ref={ref}
      {...attributes}
      {...listeners}
      role="listitem"
      aria-pressed={undefined}
      tabIndex={0}
      aria-label={t('kanban.tags.rowLabel', { name: tag.name, count: tag.ticketsCount })}
      data-lane-row={tag.id}
      data-testid={`lane-row-${tag.id}`}
      className={mergeClasses(styles.row, isDragging && styles.lifted)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onKeyDown={(e) => {
        // Alt+arrows move the row one place at once; Space/Enter is dnd-kit's pick up
        if (ordering && e.altKey && e.target === e.currentTarget && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
          e.preventDefault()
          onShift(tag, e.key === 'ArrowUp' ? -1 : 1)
          return
        }
        listeners?.onKeyDown?.(e)
      }}
    >
      <span className={mergeClasses(styles.handle, !ordering && styles.disabledHandle)} data-drag-handle aria-hidden="true">
        <ReOrderDotsVerticalRegular />
      </span>
      <span className={styles.chipCell}>
        <TagChip name={tag.name} color={tag.color} />
      </span>
      <span className={styles.count} title={t('kanban.tags.tickets')}>
        <span className={styles.countLabel}>{t('kanban.tags.tickets')}</span>
        <CounterBadge count={tag.ticketsCount} showZero appearance="ghost" color="informative" />
      </span>
      <span className={styles.arrows} data-no-drag>
        <Tooltip content={t('kanban.tags.moveUp', { name: tag.name })} relationship="label">
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowUpRegular />}
            disabled={!ordering || first}
            onClick={() => onShift(tag, -1)}
            data-testid={`lane-up-${tag.id}`}
          />
        </Tooltip>
        <Tooltip content={t('kanban.tags.moveDown', { name: tag.name })} relationship="label">
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowDownRegular />}
            disabled={!ordering || last}
            onClick={() => onShift(tag, 1)}
            data-testid={`lane-down-${tag.id}`}
          />
        </Tooltip>
      </span>
      <span data-no-drag className={styles.actions}>
        <RowActions
          onEdit={() => onEdit(tag)}
          onDelete={() => onDelete(tag)}
          editId={`edit-lane-${tag.id}`}
          deleteId={`delete-lane-${tag.id}`}
        />
      </span>
    </div>
  )
})

/** the dragged row's copy under the pointer */
function RowOverlay({ tag }: { tag: KanbanTag }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={mergeClasses(styles.row, styles.overlay)} aria-hidden="true" data-testid="lane-row-overlay">
      <span className={styles.handle}>
        <ReOrderDotsVerticalRegular />
      </span>
      <span className={styles.chipCell}>
        <TagChip name={tag.name} color={tag.color} />
      </span>
      <span className={styles.count}>
        <span className={styles.countLabel}>{t('kanban.tags.tickets')}</span>
        <CounterBadge count={tag.ticketsCount} showZero appearance="ghost" color="informative" />
      </span>
    </div>
  )
}

export default function TagsKanbanPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [tags, setTags] = useState<KanbanTag[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  const [editing, setEditing] = useState<KanbanTag | 'new' | null>(null)
  const [deleting, setDeleting] = useState<KanbanTag | null>(null)
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null)
  const tagsRef = useRef<KanbanTag[] | null>(null)
  tagsRef.current = tags
  const ordering = !term

  const load = useCallback(async () => {
    try {
      const r = await api.get<{ lanes: KanbanTag[] }>('/ticket/kanban/lanes', term ? { searchParam: term } : {})
      setTags(r.lanes)
      setFailed(false)
    } catch (e) {
      setFailed(true)
      toastError(e, LONG_TOAST_MS)
    }
  }, [term])

  useEffect(() => {
    void load()
  }, [load])

  useEffect(() => {
    const refresh = () => void load()
    const offs = [
      realtime.on(realtime.companyEvent('tag'), refresh),
      realtime.on(`company${realtime.companyId ?? 0}-tag`, refresh),
      realtime.on(realtime.companyEvent('kanban'), refresh),
    ]
    return () => offs.forEach((off) => off())
  }, [load])

  const saveOrder = useCallback(
    async (ids: number[]) => {
      const cur = tagsRef.current
      if (!cur) return
      const byId = new Map(cur.map((x) => [x.id, x]))
      setTags(ids.map((id) => byId.get(id)!).filter(Boolean))
      try {
        const r = await api.put<{ lanes: KanbanTag[] }>('/ticket/kanban/lanes', { tagIds: ids })
        setTags(r.lanes)
        toasts.success(t('kanban.tags.orderSaved'), LONG_TOAST_MS)
      } catch (e) {
        toastError(e, LONG_TOAST_MS)
        void load()
      }
    },
    [t, load]
  )

  const shift = useCallback(
    (tag: KanbanTag, by: number) => {
      const ids = (tagsRef.current ?? []).map((x) => x.id)
      const i = ids.indexOf(tag.id)
      const j = i + by
      if (i < 0 || j < 0 || j >= ids.length) return
      void saveOrder(reorder(ids, tag.id, ids[j])).then(() =>
        requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-lane-row="${tag.id}"]`)?.focus())
      )
    },
    [saveOrder]
  )

  const sensors = useKanbanSensors(sortableKeyboardCoordinates)

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      setActiveId(null)
      const ids = (tagsRef.current ?? []).map((x) => x.id)
      const from = ids.indexOf(Number(active.id))
      const to = over ? ids.indexOf(Number(over.id)) : -1
      if (from < 0 || to < 0 || from === to) return
      void saveOrder(arrayMove(ids, from, to))
    },
    [saveOrder]
  )

  // spoken by dnd-kit's live region, in the user's language
  const screenReaderInstructions: ScreenReaderInstructions = useMemo(
    () => ({ draggable: t('kanban.tags.instructions') }),
    [t]
  )
  const announcements: Announcements = useMemo(() => {
    const at = (id: UniqueIdentifier | undefined) => {
      const list = tagsRef.current ?? []
      const i = list.findIndex((x) => x.id === Number(id))
      return { name: list[i]?.name ?? '', pos: i + 1, total: list.length }
    }
    return {
      onDragStart: ({ active }) => t('kanban.tags.picked', at(active.id)),
      onDragOver: ({ active, over }) =>
        over ? t('kanban.tags.over', { ...at(over.id), name: at(active.id).name }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('kanban.tags.dropped', { ...at(over.id), name: at(active.id).name })
          : t('kanban.tags.cancelled', at(active.id)),
      onDragCancel: ({ active }) => t('kanban.tags.cancelled', at(active.id)),
    }
  }, [t])

  const onEdit = useCallback((tag: KanbanTag) => setEditing(tag), [])
  const onDelete = useCallback((tag: KanbanTag) => setDeleting(tag), [])
  const dragged = activeId === null ? null : (tags?.find((x) => x.id === Number(activeId)) ?? null)

  return (
    <Page title={t('kanban.tags.title')} count={tags?.length}>
      <div className={styles.toolbar}>
        <Input
          className={styles.search}
          contentBefore={<SearchRegular />}
          placeholder={t('kanban.tags.search')}
          aria-label={t('kanban.tags.search')}
          value={search}
          onChange={(_, d) => setSearch(d.value)}
          data-testid="lanes-search"
        />
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-lane">
          {t('kanban.tags.add')}
        </Button>
      </div>
      <Text size={200} className={styles.hint}>
        {ordering ? t('kanban.tags.orderHint') : t('kanban.tags.orderWhileSearching')}
      </Text>
      {failed && !tags && <ErrorState onRetry={() => void load()} />}
      {!tags && !failed && <Spinner />}
      {tags && !tags.length && <EmptyState title={t('kanban.tags.empty')} />}
      {tags && tags.length > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          accessibility={{ announcements, screenReaderInstructions }}
          onDragStart={({ active }) => setActiveId(active.id)}
          onDragEnd={onDragEnd}
          onDragCancel={() => setActiveId(null)}
        >
          <SortableContext items={tags.map((x) => x.id)} strategy={verticalListSortingStrategy} disabled={!ordering}>
            <div className={styles.list} role="list" aria-label={t('kanban.tags.title')}>
              {tags.map((tag, i) => (
                <LaneRow
                  key={tag.id}
                  tag={tag}
                  first={i === 0}
                  last={i === tags.length - 1}
                  ordering={ordering}
                  onShift={shift}
                  onEdit={onEdit}
                  onDelete={onDelete}
                />
              ))}
            </div>
          </SortableContext>
          <DragOverlay>{dragged && <RowOverlay tag={dragged} />}</DragOverlay>
        </DndContext>
      )}
      {editing && (
        <LaneDialog
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            void load()
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('kanban.tags.deleteTitle', { name: deleting?.name })}
        path={(d) => `/tags/${d.id}`}
        onDeleted={() => void load()}
        toastMs={LONG_TOAST_MS}
        successText={t('kanban.tags.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('kanban.tags.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
