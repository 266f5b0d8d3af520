/**
 * What sits above the list: the Search or Closed title, or the tabs Open /
 * Pending / Group (the last for admins and users allowed groups) with their counts.
 */
import { Button, CounterBadge, Subtitle2, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowLeftRegular, SearchRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { TicketListKind } from '../types.js'
import type { Tabbed, View } from './listView.js'

const useStyles = makeStyles({
  viewTitle: { padding: '8px 12px', display: 'flex', alignItems: 'center', gap: '6px' },
  tabs: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingLeft: '4px' },
})

export function ListTabs(props: {
  searching: boolean
  view: View
  onView: (view: View) => void
  tab: Tabbed
  onTab: (tab: Tabbed) => void
  showGroup: boolean
  counts: Partial<Record<TicketListKind, ListCount>>
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { counts } = props
  if (props.searching)
    return (
      <div className={styles.viewTitle}>
        <SearchRegular />
        <Subtitle2>{t('inbox.workspace.searchView')}</Subtitle2>
        {counts.search !== undefined && <Text size={200}>({countText(counts.search)})</Text>}
      </div>
    )
  if (props.view === 'closed')
    return (
      <div className={styles.viewTitle}>
        <Button appearance="subtle" size="small" icon={<ArrowLeftRegular />} onClick={() => props.onView('inbox')} />
        <Subtitle2>{t('inbox.workspace.closedView')}</Subtitle2>
      </div>
    )
  return (
    <TabList
      className={styles.tabs}
      selectedValue={props.tab}
      onTabSelect={(_, d) => props.onTab(d.value as Tabbed)}
      size="small"
    >
      <Tab value="open" data-testid="tab-open">
        {t('inbox.workspace.tabs.open')} <TabCount count={counts.open} />
      </Tab>
      <Tab value="pending" data-testid="tab-pending">
        {t('inbox.workspace.tabs.pending')} <TabCount count={counts.pending} />
      </Tab>
      {props.showGroup && (
        <Tab value="group" data-testid="tab-group">
          {t('inbox.workspace.tabs.group')} <TabCount count={counts.group} />
        </Tab>
      )}
    </TabList>
  )
}

/** a list's count; `capped` when the server stopped counting at `count` (shown "1000+") */
export interface ListCount {
  count: number
  capped: boolean
}

export const countText = (c: ListCount) => (c.capped ? `${c.count}+` : String(c.count))

function TabCount({ count }: { count?: ListCount }) {
  if (!count?.count) return null
  // the badge draws "N+" for a count above its overflow: a capped count is one above the cap
  return (
    <CounterBadge
      count={count.capped ? count.count + 1 : count.count}
      size="small"
      appearance="ghost"
      color="informative"
      overflowCount={count.capped ? count.count : 9999}
    />
  )
}
