import type { Meta, StoryObj } from '@storybook/react-vite'
import { registerTranslations } from './i18n/register.js'
import { CampaignDialog } from './CampaignDialog.js'
import type { Campaign } from './types.js'

registerTranslations()

const counters = {
  valid: 120,
  pending: 40,
  delivered: 70,
  read: 52,
  failed: 3,
  confirmationRequested: 120,
  confirmationDelivered: 117,
  confirmationRead: 98,
  confirmed: 73,
  optedOut: 4,
  skipped: 3,
}

const base: Campaign = {
  id: 1,
  name: 'Ofertas de dezembro',
  message1: 'Olá {primeiroNome}, as ofertas de dezembro da {loja} chegaram!',
  message2: 'Oi {nome}, temos novidades para você.',
  message3: null,
  message4: null,
  message5: null,
  confirmationMessage1: null,
  confirmationMessage2: null,
  confirmationMessage3: null,
  confirmationMessage4: null,
  confirmationMessage5: null,
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: null,
  completedAt: null,
  contactListId: 3,
  tagListId: null,
  whatsappId: '1',
  userId: null,
  queueId: null,
  statusTicket: 'closed',
  openTicket: 'disabled',
  skipAgentTickets: false,
  mediaPath: null,
  mediaName: null,
  whatsapp: { id: 1, name: 'Vendas' },
  contactList: { id: 3, name: 'Clientes VIP' },
  counters,
}

const withConfirmation: Campaign = {
  ...base,
  id: 2,
  status: 'PROGRAMADA',
  confirmation: true,
  confirmationMessage1: 'Olá {primeiroNome}, posso enviar as ofertas? Responda SIM.',
  scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  mediaPath: 'campaigns/1/folheto.pdf',
  mediaName: 'folheto.pdf',
}

const running: Campaign = {
  ...withConfirmation,
  id: 3,
  status: 'EM_ANDAMENTO',
  scheduledAt: new Date(Date.now() - 3_600_000).toISOString(),
}

/** The screen's lists (connections, contact lists, tags, queues, users) load from the API; here they stay empty. */
const meta: Meta<typeof CampaignDialog> = {
  title: 'Campaigns/CampaignDialog',
  component: CampaignDialog,
  args: { campaign: null, readOnly: false, onClose: () => {}, onSaved: () => {} },
}
export default meta
type Story = StoryObj<typeof CampaignDialog>

/** a new campaign: no confirmation fields until the switch is on */
export const New: Story = {}
export const Editing: Story = { args: { campaign: base } }
/** confirmation on: the confirmation messages show; a media file with the message as caption */
export const WithConfirmation: Story = { args: { campaign: withConfirmation } }
/** running: read-only (the server refuses edits too) */
export const ReadOnly: Story = { args: { campaign: running, readOnly: true } }
