/**
 * The list filters (spec 1 §2): tags, contacts, ticket status, connections and,
 * for admins, users. Queues have their own selector above the lists.
 */
import { useCallback, useState } from 'react'
import { Button, Tag, TagGroup, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, MultiSelectField } from '@balcao/ui'
import { SearchPicker, type PickerItem } from '../actions/SearchPicker.js'
import { loadConnections, loadTags, loadUsers, useList } from '../actions/data.js'
import type { ContactOption } from '../types.js'

export interface Filters {
  tags: number[]
  contacts: PickerItem[]
  statusFilter: string[]
  whatsapps: number[]
  users: number[]
}

export const NO_FILTERS: Filters = { tags: [], contacts: [], statusFilter: [], whatsapps: [], users: [] }

export const filterCount = (f: Filters) =>
  f.tags.length + f.contacts.length + f.statusFilter.length + f.whatsapps.length + f.users.length

const STATUSES = ['open', 'pending', 'closed', 'group'] as const

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: '8px',
    padding: '8px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    // Fluent dropdowns have a wide minimum: let them fit the grid cells
    '& .fui-Dropdown': { minWidth: 0, width: '100%' },
  },
  wide: { gridColumn: '1 / -1' },
  end: { gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' },
})

const ids = (values: string[]) => values.map(Number)
const strs = (values: number[]) => values.map(String)

export function FiltersPanel(props: { value: Filters; onChange: (f: Filters) => void; admin: boolean }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { value, onChange } = props
  const tags = useList(loadTags)
  const connections = useList(loadConnections)
  const users = useList(loadUsers, props.admin)
  const [picking, setPicking] = useState<PickerItem | null>(null)

  const searchContacts = useCallback(async (term: string, signal: AbortSignal) => {
    const r = await api.get<{ contacts: ContactOption[] }>('/contacts', { searchParam: term, pageNumber: 1 }, signal)
    return r.contacts.map((c) => ({ id: c.id, label: c.name, hint: c.number }))
  }, [])

  return (
    <div className={styles.panel} data-testid="ticket-filters">
      <MultiSelectField
        label={t('inbox.workspace.filters.tags')}
        values={strs(value.tags)}
        options={tags.map((g) => ({ value: String(g.id), label: g.name }))}
        onChange={(v) => onChange({ ...value, tags: ids(v) })}
      />
      <MultiSelectField
        label={t('inbox.workspace.filters.status')}
        values={value.statusFilter}
        options={STATUSES.map((s) => ({ value: s, label: t(`inbox.workspace.status.${s}`) }))}
        onChange={(v) => onChange({ ...value, statusFilter: v })}
      />
      <MultiSelectField
        label={t('inbox.workspace.filters.connections')}
        values={strs(value.whatsapps)}
        options={connections.map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(v) => onChange({ ...value, whatsapps: ids(v) })}
      />
      {props.admin && (
        <MultiSelectField
          label={t('inbox.workspace.filters.users')}
          values={strs(value.users)}
          options={users.map((u) => ({ value: String(u.id), label: u.name }))}
          onChange={(v) => onChange({ ...value, users: ids(v) })}
        />
      )}
      <div className={styles.wide}>
        <SearchPicker
          label={t('inbox.workspace.filters.contacts')}
          placeholder={t('inbox.workspace.filters.searchContact')}
          value={picking}
          onChange={(c) => {
            setPicking(null)
            if (c && !value.contacts.some((x) => x.id === c.id)) onChange({ ...value, contacts: [...value.contacts, c] })
          }}
          search={searchContacts}
          testId="filter-contact"
          clearOnPick
        />
        {value.contacts.length > 0 && (
          <TagGroup
            onDismiss={(_, d) => onChange({ ...value, contacts: value.contacts.filter((c) => String(c.id) !== d.value) })}
            style={{ marginTop: 6, flexWrap: 'wrap', gap: 4 }}
          >
            {value.contacts.map((c) => (
              <Tag key={c.id} value={String(c.id)} dismissible size="small">
                {c.label}
              </Tag>
            ))}
          </TagGroup>
        )}
      </div>
      <div className={styles.end}>
        <Button size="small" appearance="subtle" onClick={() => onChange(NO_FILTERS)} disabled={!filterCount(value)}>
          {t('inbox.workspace.filters.clear')}
        </Button>
      </div>
    </div>
  )
}
