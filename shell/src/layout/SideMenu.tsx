/**
 * The drawer's menu: entries from the module manifest (already filtered by
 * plan and role on the server), split in the main and administration sections,
 * and the product version at the bottom while the menu is open.
 */
import { NavLink } from 'react-router'
import { Caption1, Divider, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { HomeRegular, MoneyRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { MenuEntry } from '../modules/manifest.js'
import { menuIcon } from '../modules/icons.js'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', height: '100%', width: '100%', minHeight: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: '2px', padding: '8px', overflowY: 'auto', flexGrow: 1 },
  section: {
    padding: '12px 12px 4px',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
  },
  link: {
    'display': 'flex',
    'alignItems': 'center',
    'gap': '12px',
    'padding': '8px 12px',
    'borderRadius': tokens.borderRadiusMedium,
    'color': tokens.colorNeutralForeground2,
    'textDecoration': 'none',
    'fontSize': tokens.fontSizeBase300,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  active: {
    backgroundColor: tokens.colorNeutralBackground1Selected,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
  icon: { fontSize: '20px', flexShrink: 0 },
  version: { padding: '8px 20px 12px', color: tokens.colorNeutralForeground4 },
})

export function SideMenu(props: {
  entries: MenuEntry[]
  version: string | null
  blocked: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const main = props.entries.filter((e) => (e.section ?? 'main') === 'main')
  const admin = props.entries.filter((e) => e.section === 'admin')
  const label = (key: string) => t(key, { defaultValue: key.split('.').pop() })

  const item = (to: string, text: string, Icon: ReturnType<typeof menuIcon>) => (
    <NavLink
      key={to}
      to={to}
      end={to === '/'}
      onClick={props.onNavigate}
      className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
    >
      <Icon className={styles.icon} />
      <span>{text}</span>
    </NavLink>
  )

  return (
    <nav className={styles.root} aria-label={t('layout.mainSection')} data-testid="side-menu">
      <div className={styles.list}>
        {props.blocked ? (
          item('/financeiro-aberto', t('menu.financeiro'), MoneyRegular)
        ) : (
          <>
            {item('/', t('home.title'), HomeRegular)}
            {main.map((e) => item(e.path, label(e.label), menuIcon(e.icon)))}
            {admin.length > 0 && (
              <>
                <Divider style={{ margin: '8px 0', flexGrow: 0 }} />
                <div className={styles.section}>{t('layout.adminSection')}</div>
                {admin.map((e) => item(e.path, label(e.label), menuIcon(e.icon)))}
              </>
            )}
          </>
        )}
      </div>
      {props.version && (
        <Caption1 className={styles.version}>{t('layout.version', { version: props.version })}</Caption1>
      )}
    </nav>
  )
}
