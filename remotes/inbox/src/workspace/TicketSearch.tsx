/** The search box with the filters toggle, and the queue selector below it. */
import { Button, Dropdown, Input, Option, Tooltip, makeStyles } from '@fluentui/react-components'
import { DismissRegular, FilterRegular, SearchRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { QueueOption } from '../types.js'
import { selectedQueueNames } from './listView.js'

const useStyles = makeStyles({
  searchRow: { display: 'flex', gap: '6px', padding: '8px 12px 4px', alignItems: 'center' },
  search: { flex: 1, minWidth: 0 },
  queues: { minWidth: '0', flex: 1 },
})

export function TicketSearch(props: {
  text: string
  onText: (text: string) => void
  filtersOpen: boolean
  onToggleFilters: () => void
  /** active filters, shown on the toggle */
  filterCount: number
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.searchRow}>
      <Input
        className={styles.search}
        value={props.text}
        onChange={(_, d) => props.onText(d.value)}
        placeholder={t('inbox.workspace.searchPlaceholder')}
        contentBefore={<SearchRegular />}
        contentAfter={
          props.text ? (
            <Button
              size="small"
              appearance="transparent"
              icon={<DismissRegular />}
              aria-label={t('inbox.workspace.clearSearch')}
              onClick={() => props.onText('')}
            />
          ) : undefined
        }
        data-testid="ticket-search"
      />
      <Tooltip content={t('inbox.workspace.filters.toggle')} relationship="label">
        <Button
          appearance={props.filtersOpen ? 'primary' : 'subtle'}
          icon={<FilterRegular />}
          onClick={props.onToggleFilters}
          data-testid="filters-toggle"
        >
          {props.filterCount > 0 ? String(props.filterCount) : undefined}
        </Button>
      </Tooltip>
    </div>
  )
}

export function QueueSelect(props: { options: QueueOption[]; value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const names = selectedQueueNames(props.value, props.options)
  const label =
    names === null ? t('inbox.workspace.allQueues') : names || t('inbox.workspace.queuesSelected', { count: props.value.length })
  return (
    <div className={styles.searchRow}>
      <Dropdown
        className={styles.queues}
        multiselect
        aria-label={t('inbox.workspace.queues')}
        value={label}
        selectedOptions={props.value.map(String)}
        onOptionSelect={(_, d) => props.onChange(d.selectedOptions.map(Number))}
        data-testid="queue-select"
      >
        {props.options.map((q) => (
          <Option key={q.id} value={String(q.id)} text={q.name}>
            <span style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: q.color, marginRight: 6 }} />
            {q.name}
          </Option>
        ))}
      </Dropdown>
    </div>
  )
}
