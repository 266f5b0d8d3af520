import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { ConnectionsTable } from './ConnectionsTable.js'
import type { SessionActions } from './SessionCell.js'
import { CLOSE_BUTTON, type Connection } from './types.js'

registerTranslations()

const now = new Date().toISOString()
const base = {
  companyId: 1,
  channel: 'whatsapp',
  number: null,
  isDefault: false,
  statusImportMessages: null,
  updatedAt: now,
  health: { lastConnectedAt: null, lastDisconnectedAt: null, lastMessageAt: null, reconnectCount: 0, lastError: null },
} as unknown as Connection

const row = (id: number, fields: Partial<Connection>): Connection => ({ ...base, id, name: `Conexão ${id}`, ...fields })

/** one row per state of spec 2 §4, plus the import states */
const items: Connection[] = [
  row(1, {
    status: 'CONNECTED',
    number: '5511933332222',
    isDefault: true,
    health: { lastConnectedAt: now, lastDisconnectedAt: null, lastMessageAt: now, reconnectCount: 2, lastError: null },
  }),
  row(2, { status: 'qrcode', qrcode: '2@code' }),
  row(3, { status: 'PAIRING', qrcode: 'ABCD1234' }),
  row(4, {
    status: 'DISCONNECTED',
    health: {
      lastConnectedAt: now,
      lastDisconnectedAt: now,
      lastMessageAt: now,
      reconnectCount: 5,
      lastError: 'loggedOut (401)',
    },
  }),
  row(5, { status: 'TIMEOUT' }),
  row(6, { status: 'OPENING' }),
  row(7, { status: 'CONNECTED', channel: 'facebook', name: 'Página da loja' }),
  row(8, { status: 'CONNECTED', channel: 'instagram', name: '@loja' }),
  row(9, { status: 'CONNECTED', statusImportMessages: String(Date.now()) }),
  row(10, { status: 'CONNECTED', statusImportMessages: 'Running' }),
  row(11, { status: 'CONNECTED', statusImportMessages: CLOSE_BUTTON }),
]

const actions: SessionActions = {
  showQr: () => {},
  retry: async () => {},
  newQr: async () => {},
  disconnect: () => {},
  closeImported: async () => {},
}

const meta: Meta<typeof ConnectionsTable> = {
  title: 'Connections/ConnectionsTable',
  component: ConnectionsTable,
  args: {
    items,
    admin: true,
    actions,
    onEdit: () => {},
    onDelete: () => {},
    progress: { 10: { this: 120, all: 480, date: '01/02/26 10:00:00' } },
  },
}
export default meta
type Story = StoryObj<typeof ConnectionsTable>

export const Admin: Story = {}
/** a plain user: no session or actions column */
export const User: Story = { args: { admin: false } }
export const Empty: Story = { args: { items: [] } }
export const Dark: Story = { globals: { theme: 'dark' } }
