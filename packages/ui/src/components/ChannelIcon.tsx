/** The channel of a connection or ticket as an icon with its name in a tooltip; both come from the channel's manifest. */
import { Tooltip } from '@fluentui/react-components'
import {
  ChatRegular,
  CodeRegular,
  ImageMultipleRegular,
  MailRegular,
  PersonChatRegular,
  PlugConnectedRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { localizedText, useChannelDefs, type ChannelManifestDef } from '../modules/channels.js'

type FluentIcon = typeof ChatRegular

/** icon names a channel manifest may use (core/public/module.ts ChannelManifest.icon) */
const ICONS: Record<string, FluentIcon> = {
  'chat': ChatRegular,
  'person-chat': PersonChatRegular,
  'image-multiple': ImageMultipleRegular,
  'code': CodeRegular,
  'mail': MailRegular,
  'plug': PlugConnectedRegular,
}

export function channelIcon(name: string | undefined): FluentIcon {
  return (name && ICONS[name]) || PlugConnectedRegular
}

export function ChannelIcon({ channel, def, size = 22 }: { channel: string; def?: ChannelManifestDef; size?: number }) {
  const { i18n } = useTranslation()
  const channels = useChannelDefs()
  const known = def ?? channels.find((c) => c.name === channel)
  const Icon = channelIcon(known?.icon)
  const label = known ? localizedText(known.label, i18n.language) : channel
  return (
    <Tooltip content={label} relationship="label">
      <Icon
        style={{ fontSize: size, color: known?.color ?? '#6b6b6b', flexShrink: 0 }}
        aria-label={label}
        data-testid={`channel-${channel}`}
      />
    </Tooltip>
  )
}
