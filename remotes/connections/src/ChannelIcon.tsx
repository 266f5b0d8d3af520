/** The channel of a connection as an icon with its name in a tooltip. */
import { Tooltip } from '@fluentui/react-components'
import { ChatRegular, CodeRegular, ImageMultipleRegular, PersonChatRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { Channel } from './types.js'

const icons = {
  whatsapp: { Icon: ChatRegular, color: '#25D366' },
  facebook: { Icon: PersonChatRegular, color: '#1877F2' },
  instagram: { Icon: ImageMultipleRegular, color: '#C13584' },
  api: { Icon: CodeRegular, color: '#6b6b6b' },
} as const

export function ChannelIcon({ channel }: { channel: Channel | string }) {
  const { t } = useTranslation()
  const { Icon, color } = icons[channel as Channel] ?? icons.api
  return (
    <Tooltip content={t(`connections.channel.${channel}`, { defaultValue: channel })} relationship="label">
      <Icon style={{ fontSize: 22, color }} data-testid={`channel-${channel}`} />
    </Tooltip>
  )
}
