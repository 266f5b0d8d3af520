/**
 * The settings keys of spec 2 §3 as the options tab shows them, plus the
 * company texts the conversation engine sends with some of them (reference §8:
 * AcceptCallWhatsappMessage, greetingAcceptedMessage, sendQueuePositionMessage,
 * transferMessage), each placed after its switch.
 */
export type SettingKind = 'switch' | 'select' | 'text'

export interface SettingDef {
  key: string
  kind: SettingKind
  /** select values (label key admin.settings.<labels>.<value>) */
  values?: string[]
  labels?: string
  superOnly?: boolean
  /** free text shown as a text area */
  multiline?: boolean
  section: 'general' | 'tickets' | 'lgpd'
}

export const SETTINGS: SettingDef[] = [
  { key: 'userCreation', kind: 'switch', superOnly: true, section: 'general' },
  {
    key: 'scheduleType',
    kind: 'select',
    values: ['disabled', 'queue', 'company', 'connection'],
    labels: 'scheduleTypes',
    section: 'general',
  },
  { key: 'chatBotType', kind: 'select', values: ['text'], labels: 'chatBotTypes', section: 'general' },
  { key: 'userRating', kind: 'switch', section: 'general' },
  { key: 'acceptCallWhatsapp', kind: 'switch', section: 'general' },
  { key: 'AcceptCallWhatsappMessage', kind: 'text', multiline: true, section: 'general' },
  { key: 'CheckMsgIsGroup', kind: 'switch', section: 'general' },
  { key: 'allUserChat', kind: 'switch', section: 'general' },
  { key: 'userRandom', kind: 'switch', section: 'tickets' },
  { key: 'sendGreetingMessageOneQueues', kind: 'switch', section: 'tickets' },
  { key: 'sendSignMessage', kind: 'switch', section: 'tickets' },
  { key: 'sendFarewellWaitingTicket', kind: 'switch', section: 'tickets' },
  { key: 'sendGreetingAccepted', kind: 'switch', section: 'tickets' },
  { key: 'greetingAcceptedMessage', kind: 'text', multiline: true, section: 'tickets' },
  { key: 'sendQueuePosition', kind: 'switch', section: 'tickets' },
  { key: 'sendQueuePositionMessage', kind: 'text', section: 'tickets' },
  { key: 'acceptAudioMessageContact', kind: 'switch', section: 'tickets' },
  { key: 'requiredTag', kind: 'switch', section: 'tickets' },
  { key: 'sendMsgTransfTicket', kind: 'switch', section: 'tickets' },
  { key: 'transferMessage', kind: 'text', multiline: true, section: 'tickets' },
  { key: 'DirectTicketsToWallets', kind: 'switch', section: 'tickets' },
  { key: 'closeTicketOnTransfer', kind: 'switch', section: 'tickets' },
  { key: 'showNotificationPending', kind: 'switch', section: 'tickets' },
  { key: 'enableLGPD', kind: 'switch', section: 'lgpd' },
  { key: 'lgpdDeleteMessage', kind: 'switch', section: 'lgpd' },
  { key: 'lgpdHideNumber', kind: 'switch', section: 'lgpd' },
  { key: 'lgpdConsent', kind: 'switch', section: 'lgpd' },
  { key: 'lgpdMessage', kind: 'text', multiline: true, section: 'lgpd' },
  { key: 'lgpdLink', kind: 'text', section: 'lgpd' },
]
