/**
 * The add menu (spec 2 §2, spec 3 §2): one item per channel the company's
 * plan offers, from the channel manifests (GET /modules for the caller's
 * company, GET /whatsapp-admin/:id/channels in the super user's company dialog).
 */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { Channel, ChannelDef } from './types.js'
import { localized } from './useChannels.js'
import { channelIcon } from './ChannelIcon.js'

export function AddConnectionMenu(props: { channels: ChannelDef[]; onAdd: (channel: Channel) => void }) {
  const { t, i18n } = useTranslation()
  if (!props.channels.length) return null
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="primary" icon={<AddRegular />} data-testid="add-connection">
          {t('connections.addMenu')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {props.channels.map((c) => {
            const Icon = channelIcon(c.icon)
            return (
              <MenuItem
                key={c.name}
                icon={<Icon style={{ color: c.color ?? undefined }} />}
                onClick={() => props.onAdd(c.name)}
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
