/**
 * The assist remote's exposed component. Embedded (routeEmbeds, @balcao/ui):
 * '/assist/chat' with `embed.ticketId` draws the chat's AI menu beside the
 * composer; '/assist' draws the admins' settings card (a tab of the settings
 * screen). Opened as a page, /assist shows the same card.
 */
import { Page, type RouteEmbedProps } from '@balcao/ui'
import { useTranslation } from 'react-i18next'
import { registerTranslations } from './i18n/register.js'
import { AssistSettings } from './AssistSettings.js'
import { ChatAssist, type ChatAssistEmbed } from './ChatAssist.js'

registerTranslations()

export type AssistEmbed = Partial<ChatAssistEmbed>

export default function App(props: { route: string; embed?: RouteEmbedProps<AssistEmbed>['embed'] }) {
  const { t } = useTranslation()
  const e = props.embed
  if (e && props.route === '/assist/chat') {
    if (typeof e.ticketId !== 'number' || !e.onDraft) return null
    return <ChatAssist ticketId={e.ticketId} draft={e.draft ?? ''} onDraft={e.onDraft} disabled={e.disabled} />
  }
  if (e) return <AssistSettings />
  return (
    <Page title={t('assist.settingsTitle')}>
      <AssistSettings />
    </Page>
  )
}
