/**
 * The add menu (spec 2 §2, spec 3 §2): one item per channel the company's
 * plan offers, from the channel manifests (GET /modules for the caller's
 * company, GET /whatsapp-admin/:id/channels in the super user's company dialog).
 */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { channelIcon, toastError, toasts } from '@balcao/ui'
import type { Channel, ChannelDef } from './types.js'
import { localized } from './useChannels.js'

/**
 * A channel with a sign-in flow (Facebook, Instagram: `connect` in its
 * manifest) runs it instead of the dialog, its SDK loaded only then; where no
 * `onConnected` is given (another company's dialog) such channels are not offered.
 */
export function AddConnectionMenu(props: {
  channels: ChannelDef[]
  onAdd: (channel: Channel) => void
  onConnected?: () => void
}) {
  const { t, i18n } = useTranslation()
  const channels = props.channels.filter((c) => !c.connect || props.onConnected)
  const signIn = async (c: ChannelDef) => {
    try {
      const { connectWithFacebook } = await import('./facebookLogin.js')
      const result = await connectWithFacebook(c.connect!)
      if (!result) return
      toasts.success(t('connections.socialConnected', { count: result.connections.length }))
      props.onConnected?.()
    } catch (error) {
      toastError(error)
    }
  }
  if (!channels.length) return null
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<AddRegular />} data-testid="add-connection">
          {t('connections.addMenu')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {channels.map((c) => {
            const Icon = channelIcon(c.icon)
            return (
              <MenuItem
                key={c.name}
                icon={<Icon style={{ color: c.color ?? undefined }} />}
                onClick={() => (c.connect ? void signIn(c) : props.onAdd(c.name))}
                data-testid={`add-${c.name}`}
              >
                {localized(c.label, i18n.language)}
              </MenuItem>
            )
          })}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}
