/** / until a dashboard module serves it: a welcome with shortcuts to the enabled screens. */
import { useAtomValue } from 'jotai'
import { Link } from 'react-router'
import { Body1, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Page, userAtom } from '@balcao/ui'
import type { MenuEntry } from '../modules/manifest.js'
import { menuIcon } from '../modules/icons.js'

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '12px' },
  link: { textDecoration: 'none', color: 'inherit' },
  icon: { fontSize: '24px', color: tokens.colorBrandForeground1 },
})

export default function HomePage({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const user = useAtomValue(userAtom)
  return (
    <Page title={t('home.title')}>
      <Body1>{t('home.subtitle')}</Body1>
      <Text weight="semibold">{t('home.shortcuts')}</Text>
      <div className={styles.grid}>
        {entries.map((e) => {
          const Icon = menuIcon(e.icon)
          return (
            <Link key={e.path} to={e.path} className={styles.link}>
              <Card appearance="filled-alternative">
                <CardHeader
                  image={<Icon className={styles.icon} />}
                  header={<Text weight="semibold">{t(e.label, { defaultValue: e.path })}</Text>}
                  description={e.path}
                />
              </Card>
            </Link>
          )
        })}
      </div>
      {user && (
        <span hidden data-testid="home-user">
          {user.email}
        </span>
      )}
    </Page>
  )
}
