/** What a list shows when it has nothing yet. */
import type { ReactNode } from 'react'
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { DocumentDismissRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '6px',
    padding: '32px 16px',
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
  icon: { fontSize: '40px' },
})

export function EmptyState(props: { title?: string; hint?: string; icon?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root} role="status" data-testid="empty-state">
      <span className={styles.icon}>{props.icon ?? <DocumentDismissRegular />}</span>
      <Body1>{props.title ?? t('kit.empty')}</Body1>
      <Caption1>{props.hint ?? t('kit.emptyHint')}</Caption1>
      {props.children}
    </div>
  )
}
