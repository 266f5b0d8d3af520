/** The frame of a screen: a title (with an optional count), actions, then the content. */
import type { ReactNode } from 'react'
import { Title3, makeStyles, tokens } from '@fluentui/react-components'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '20px 24px', minHeight: 0 },
  header: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  count: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  grow: { flexGrow: 1 },
  actions: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
})

export function Page(props: { title: ReactNode; count?: number; actions?: ReactNode; children: ReactNode }) {
  const styles = useStyles()
  return (
    <section className={styles.root}>
      <header className={styles.header}>
        <Title3 as="h1">
          {props.title}
          {props.count !== undefined && <span className={styles.count}> ({props.count})</span>}
        </Title3>
        <div className={styles.grow} />
        {props.actions && <div className={styles.actions}>{props.actions}</div>}
      </header>
      {props.children}
    </section>
  )
}
