/**
 * The workspace's top row: the Open and Closed views, a new ticket, close all
 * (admins) and, when the user may, the "show all" switch.
 */
import { Button, Switch, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, CheckmarkCircleRegular, MailInboxRegular, TasksAppRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { View } from './listView.js'

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    padding: '6px 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  grow: { flex: 1 },
})

export function TicketsToolbar(props: {
  view: View
  searching: boolean
  onView: (view: View) => void
  onNewTicket: () => void
  /** undefined hides the button (not an admin) */
  closeAll?: { disabled: boolean; onClick: () => void }
  /** undefined hides the switch (the user may not see every ticket) */
  showAll?: { checked: boolean; onChange: (checked: boolean) => void }
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const { view, searching, closeAll, showAll } = props
  return (
    <div className={styles.toolbar}>
      <Tooltip content={t('inbox.workspace.openView')} relationship="label">
        <Button
          appearance={view === 'inbox' && !searching ? 'primary' : 'subtle'}
          icon={<MailInboxRegular />}
          onClick={() => props.onView('inbox')}
          data-testid="view-open"
        />
      </Tooltip>
      <Tooltip content={t('inbox.workspace.closedView')} relationship="label">
        <Button
          appearance={view === 'closed' && !searching ? 'primary' : 'subtle'}
          icon={<CheckmarkCircleRegular />}
          onClick={() => props.onView('closed')}
          data-testid="view-closed"
        />
      </Tooltip>
      <Tooltip content={t('inbox.workspace.newTicket')} relationship="label">
        <Button appearance="subtle" icon={<AddRegular />} onClick={props.onNewTicket} data-testid="new-ticket" />
      </Tooltip>
      {closeAll && (
        <Tooltip content={t('inbox.workspace.closeAll')} relationship="label">
          <Button
            appearance="subtle"
            icon={<TasksAppRegular />}
            disabled={closeAll.disabled}
            onClick={closeAll.onClick}
            data-testid="close-all"
          />
        </Tooltip>
      )}
      <span className={styles.grow} />
      {showAll && (
        <Switch
          label={t('inbox.workspace.showAll')}
          checked={showAll.checked}
          onChange={(_, d) => showAll.onChange(d.checked)}
          data-testid="show-all"
        />
      )}
    </div>
  )
}
