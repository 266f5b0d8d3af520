/** The avatar menu: profile, language, sign out. */
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { PersonRegular, ShieldKeyholeRegular, SignOutRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { userAtom } from '@balcao/ui'
import { LANGUAGES, changeLanguage, type LanguageCode } from '../i18n/setup.js'
import { logout } from '../session/actions.js'
import { ProfileDialog } from './ProfileDialog.js'

/** `twoFactor`: the two-factor module serves its page (the item shows only then) */
export function ProfileMenu({ twoFactor = false }: { twoFactor?: boolean } = {}) {
  const { t, i18n } = useTranslation()
  const user = useAtomValue(userAtom)
  const navigate = useNavigate()
  const [profileOpen, setProfileOpen] = useState(false)
  if (!user) return null
  return (
    <>
      <Menu
        checkedValues={{ language: [i18n.language] }}
        onCheckedValueChange={(_, d) => d.name === 'language' && void changeLanguage(d.checkedItems[0] as LanguageCode)}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            aria-label={user.name}
            data-testid="profile-menu"
            style={{ minWidth: 0, padding: 2 }}
          >
            <Avatar
              name={user.name}
              image={user.profileImage ? { src: user.profileImage } : undefined}
              size={28}
              color="colorful"
            />
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<PersonRegular />} onClick={() => setProfileOpen(true)}>
              {t('layout.profile')}
            </MenuItem>
            {/* two-step verification (two-factor module's page) */}
            {twoFactor && (
              <MenuItem icon={<ShieldKeyholeRegular />} data-testid="two-factor" onClick={() => navigate('/two-factor')}>
                {t('layout.twoFactor')}
              </MenuItem>
            )}
            <MenuDivider />
            <MenuGroup>
              <MenuGroupHeader>{t('languages.label')}</MenuGroupHeader>
              {LANGUAGES.map((l) => (
                <MenuItemRadio
                  key={l.code}
                  name="language"
                  value={l.code}
                  disabled={'disabled' in l && l.disabled}
                  data-testid={`language-${l.code}`}
                >
                  {l.name}
                </MenuItemRadio>
              ))}
            </MenuGroup>
            <MenuDivider />
            <MenuItem
              icon={<SignOutRegular />}
              data-testid="logout"
              onClick={async () => {
                await logout()
                navigate('/login', { replace: true })
              }}
            >
              {t('layout.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {profileOpen && <ProfileDialog onClose={() => setProfileOpen(false)} />}
    </>
  )
}
