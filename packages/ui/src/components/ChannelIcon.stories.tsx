import type { Meta, StoryObj } from '@storybook/react-vite'
import { ChannelIcon } from './ChannelIcon.js'
import type { ChannelManifestDef } from '../modules/channels.js'

const meta: Meta = { title: 'Kit/ChannelIcon' }
export default meta

/** manifests as GET /modules lists them; the stories pass them in, so no server is asked */
const DEFS: ChannelManifestDef[] = [
  { name: 'whatsapp', label: { pt: 'WhatsApp', en: 'WhatsApp', es: 'WhatsApp' }, icon: 'chat', color: '#25d366' },
  {
    name: 'facebook',
    label: { pt: 'Facebook', en: 'Facebook', es: 'Facebook' },
    icon: 'person-chat',
    color: '#1877f2',
  },
  {
    name: 'instagram',
    label: { pt: 'Instagram', en: 'Instagram', es: 'Instagram' },
    icon: 'image-multiple',
    color: '#e1306c',
  },
  { name: 'email', label: { pt: 'E-mail', en: 'E-mail', es: 'Correo' }, icon: 'mail', color: '#0f6cbd' },
  { name: 'api', label: { pt: 'API', en: 'API', es: 'API' }, icon: 'code', color: null },
]

export const AllChannels: StoryObj = {
  render: () => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
      {DEFS.map((d) => (
        <ChannelIcon key={d.name} channel={d.name} def={d} />
      ))}
      {/* a channel no manifest describes: the plug icon, its name as the label */}
      <ChannelIcon channel="unknown" />
    </div>
  ),
}

export const SmallInAList: StoryObj = {
  render: () => <ChannelIcon channel="facebook" def={DEFS[1]} size={16} />,
}
