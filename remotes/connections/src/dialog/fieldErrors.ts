/**
 * Where an error of the connection dialog shows: which tab holds each field,
 * the server's answer put back on its fields (field rules, and the codes that
 * concern one field without naming it, such as the greeting a connection with
 * several queues needs), and which tabs carry an error so their labels are
 * marked. Pure, with no import (tests/unit/support_team_logic.spec.ts).
 */
export type TabName = 'general' | 'channel' | 'integrations' | 'messages' | 'chatbot' | 'assessments' | 'schedules'

/** a field of the form (connectionForm.ts ConnectionForm; kept apart so this file stays free of the kit) */
type Field = string

/** Which tab holds a field, to switch to the first one with an error and to mark the tabs. */
export const TAB_OF: Partial<Record<Field, TabName>> = {
  name: 'general',
  color: 'general',
  queueIds: 'general',
  importOldMessagesDate: 'general',
  importRecentMessages: 'general',
  token: 'general',
  integrationId: 'integrations',
  promptId: 'integrations',
  provider: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  inactiveMessage: 'messages',
  expiresInactiveMessage: 'messages',
  collectiveVacationMessage: 'messages',
  collectiveVacationStart: 'messages',
  collectiveVacationEnd: 'messages',
  sendIdQueue: 'chatbot',
  timeSendQueue: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  expiresTicket: 'chatbot',
  timeInactiveMessage: 'chatbot',
  ratingMessage: 'assessments',
  expiresTicketNPS: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  schedules: 'schedules',
}

/** server field rules → the texts of the form */
export function serverRule(rule: string) {
  switch (rule) {
    case 'required':
      return 'validation.required'
    case 'minLength':
      return 'validation.tooShort'
    case 'maxLength':
      return 'validation.tooLong'
    case 'url':
      return 'connections.validation.url'
    case 'errorSendQueue':
      return 'connections.validation.errorSendQueue'
    case 'errorExpiresNPS':
      return 'connections.validation.errorExpiresNPS'
    case 'unique':
      return 'connections.validation.unique'
    case 'range':
      return 'connections.validation.importStart'
    case 'min':
      return 'connections.validation.vacationMin'
    case 'afterStart':
      return 'connections.validation.vacationEnd'
    default:
      // a channel's settings check answers its own code (ERR_…): shown with the code's text
      return /^ERR_[A-Z0-9_]+$/.test(rule) ? `errors.${rule}` : 'connections.validation.invalid'
  }
}

/** Answers that concern one field without listing it: the field, and the code's own text from the catalogue. */
export const FIELD_OF_CODE: Record<string, Field> = {
  ERR_WAPP_GREETING_REQUIRED: 'greetingMessage',
}

export interface ServerFieldErrors {
  form: Partial<Record<Field, string>>
  /** the channel tab's fields (settings.<name>) */
  settings: Record<string, string>
}

/** The server's answer on the dialog's fields (i18n keys); empty when it concerns none. */
export function serverFieldErrors(
  code: string | null,
  fields: readonly { field: string; rule: string }[]
): ServerFieldErrors {
  const form: Partial<Record<Field, string>> = {}
  const settings: Record<string, string> = {}
  for (const f of fields) {
    if (f.field.startsWith('settings.')) {
      settings[f.field.slice('settings.'.length)] = serverRule(f.rule)
      continue
    }
    const key = (f.field === 'importOldMessages' ? 'importOldMessagesDate' : f.field) as Field
    form[key] = serverRule(f.rule)
  }
  const only = code ? FIELD_OF_CODE[code] : undefined
  if (only && !form[only]) form[only] = `errors.${code}`
  return { form, settings }
}

/** The tab to show for a set of errors: the first field's (the channel tab for settings alone). */
export function firstErrorTab(errors: ServerFieldErrors): TabName | null {
  const first = Object.keys(errors.form)[0] as Field | undefined
  if (first) return TAB_OF[first] ?? 'general'
  return Object.keys(errors.settings).length ? 'channel' : null
}

/** Tabs holding at least one field with an error (settings errors mark the channel tab). */
export function tabsWithErrors(
  errorOf: (k: Field) => string | undefined,
  settingsErrors: Record<string, string | undefined> = {}
): Set<TabName> {
  const tabs = new Set<TabName>()
  for (const [field, tab] of Object.entries(TAB_OF) as [Field, TabName][]) if (errorOf(field)) tabs.add(tab)
  if (Object.values(settingsErrors).some(Boolean)) tabs.add('channel')
  return tabs
}
