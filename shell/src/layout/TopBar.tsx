/**
 * The top bar (spec 1 §2): menu toggle, greeting with user and company, the
 * due date for admins on wide screens, then theme, volume, refresh,
 * notifications, announcements, internal chats and the avatar menu.
 * The module parts (notifications from the inbox, announcements, internal
 * chats) follow the manifest: shown, and calling the server, only when the
 * module serving them is enabled for the company's plan, and never while the
 * company is blocked (its tenant routes answer 402).
 */
import { useAtomValue } from 'jotai'
import { Button, Caption1, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { NavigationRegular } from '@fluentui/react-icons'
import { Trans, useTranslation } from 'react-i18next'
import { formatDate, isAdmin, userAtom } from '@balcao/ui'
import { RefreshButton, ThemeToggle, VolumeControl } from './TopBarButtons.js'
import { NotificationsPopover } from './NotificationsPopover.js'
import { AnnouncementsPopover } from './AnnouncementsPopover.js'
import { ChatsPopover } from './ChatsPopover.js'
import { ProfileMenu } from './ProfileMenu.js'
import { PaletteButton } from '../palette/PaletteButton.js'
import { SMALL_SCREEN, WIDE_SCREEN, useMediaQuery } from './useMediaQuery.js'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    height: '48px',
    padding: '0 8px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    flexShrink: 0,
  },
  onBrand: { 'color': tokens.colorNeutralForegroundOnBrand, ':hover': { color: tokens.colorNeutralForegroundOnBrand } },
  brand: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400, marginRight: '12px' },
  greeting: {
    flexGrow: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: tokens.fontSizeBase300,
  },
  // a phone: two short lines instead of 'Olá C…' (the brand name gives way)
  greetingNarrow: {
    whiteSpace: 'normal',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    fontSize: tokens.fontSizeBase200,
    lineHeight: '15px',
  },
  due: { marginRight: '8px', whiteSpace: 'nowrap', color: tokens.colorNeutralForegroundOnBrand, opacity: 0.9 },
  actions: {
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    padding: '2px',
  },
})

export function TopBar(props: {
  onToggleMenu: () => void
  menuOpen: boolean
  /** the manifest is loaded and the company is not blocked */
  ready: boolean
  /** whether an enabled module serves the path (and the plan flag it needs is on) */
  moduleOn: (path: string, flag?: string) => boolean
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const user = useAtomValue(userAtom)
  const wide = useMediaQuery(WIDE_SCREEN)
  const narrow = useMediaQuery(SMALL_SCREEN)
  if (!user) return null
  const showDue = isAdmin(user) && wide && user.company.dueDate && !user.company.dueDate.startsWith('2999')
  return (
    <header className={styles.bar}>
      <Tooltip content={props.menuOpen ? t('layout.closeMenu') : t('layout.openMenu')} relationship="label">
        <Button
          appearance="transparent"
          className={styles.onBrand}
          icon={<NavigationRegular />}
          onClick={props.onToggleMenu}
          data-testid="menu-toggle"
        />
      </Tooltip>
      {!narrow && <span className={styles.brand}>{t('app.name')}</span>}
      <span className={mergeClasses(styles.greeting, narrow && styles.greetingNarrow)} data-testid="greeting">
        <Trans
          i18nKey="layout.greeting"
          values={{ name: user.name, company: user.company.name }}
          components={{ b: <strong /> }}
        />
      </span>
      {showDue && (
        <Caption1 className={styles.due} data-testid="due-date">
          {t('layout.dueDate', { date: formatDate(user.company.dueDate) })}
        </Caption1>
      )}
      <div className={styles.actions}>
        <PaletteButton />
        <ThemeToggle save={props.ready} />
        <VolumeControl />
        <RefreshButton />
        {props.moduleOn('/tickets') && <NotificationsPopover companyId={user.company.id} />}
        {props.moduleOn('/announcements') && <AnnouncementsPopover />}
        {props.moduleOn('/chats', 'useInternalChat') && <ChatsPopover companyId={user.company.id} userId={user.id} />}
        <ProfileMenu twoFactor={props.moduleOn('/two-factor')} />
      </div>
    </header>
  )
}
