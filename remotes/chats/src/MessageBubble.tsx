/** One chat message: own messages on the right; sender name and time; @mentions highlighted; a shared ticket as a link. */
import { Button, Caption1, Link, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { EditRegular, TicketDiagonalRegular } from '@fluentui/react-icons'
import { formatDateTime } from '@balcao/ui'
import { splitMentions } from './mentions.js'
import { EditHistory } from './EditHistory.js'
import type { ChatMessage } from './types.js'

const useStyles = makeStyles({
  row: { display: 'flex', padding: '2px 0' },
  mine: { justifyContent: 'flex-end' },
  bubble: {
    maxWidth: 'min(75%, 560px)',
    padding: '6px 10px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  bubbleMine: { backgroundColor: tokens.colorBrandBackground2 },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: '8px',
    justifyContent: 'space-between',
    alignItems: 'baseline',
  },
  name: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  time: { color: tokens.colorNeutralForeground3 },
  meta: { display: 'flex', alignItems: 'center', gap: '4px' },
  edit: { minWidth: 0, padding: 0, height: '16px', color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  mention: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  mentionMe: { backgroundColor: tokens.colorPaletteYellowBackground2, borderRadius: tokens.borderRadiusSmall },
  ticket: { display: 'inline-flex', alignItems: 'center', gap: '4px', overflowWrap: 'anywhere' },
})

export function MessageBubble(props: {
  message: ChatMessage
  mine: boolean
  meId: number
  members: { id: number; name: string }[]
  /** label of the sender for own messages ("You") */
  youLabel: string
  /** own messages: starts editing it */
  onEdit?: (message: ChatMessage) => void
  editLabel?: string
  /** "Ticket #{id}" in the reader's language, and how to open a shared ticket's page */
  ticketLabel?: (id: number) => string
  onOpenTicket?: (uuid: string) => void
}) {
  const styles = useStyles()
  const { message, mine } = props
  const segments = splitMentions(message.message, props.members)
  return (
    <div
      className={mergeClasses(styles.row, mine && styles.mine)}
      data-testid={`chat-message-${message.id}`}
      data-mine={mine ? 'true' : 'false'}
    >
      <div className={mergeClasses(styles.bubble, mine && styles.bubbleMine)}>
        <div className={styles.head}>
          <Caption1 className={styles.name}>{mine ? props.youLabel : (message.sender?.name ?? '—')}</Caption1>
          <span className={styles.meta}>
            {message.editedAt && <EditHistory chatId={message.chatId} messageId={message.id} />}
            <Caption1 className={styles.time}>{formatDateTime(message.createdAt)}</Caption1>
            {mine && props.onEdit && (
              <Button
                appearance="transparent"
                size="small"
                className={styles.edit}
                icon={<EditRegular />}
                aria-label={props.editLabel}
                title={props.editLabel}
                onClick={() => props.onEdit?.(message)}
                data-testid="edit-message"
              />
            )}
          </span>
        </div>
        <Text className={styles.text}>
          {segments.map((s, i) =>
            s.mention ? (
              <span
                key={i}
                className={mergeClasses(styles.mention, s.mention === props.meId && styles.mentionMe)}
                data-testid="mention"
              >
                {s.text}
              </span>
            ) : (
              <span key={i}>{s.text}</span>
            )
          )}
        </Text>
        {message.ticket && (
          <Link
            className={styles.ticket}
            href={`/tickets/${message.ticket.uuid}`}
            onClick={(e) => {
              if (!props.onOpenTicket) return
              e.preventDefault()
              props.onOpenTicket(message.ticket!.uuid)
            }}
            data-testid="shared-ticket"
          >
            <TicketDiagonalRegular />
            {[props.ticketLabel?.(message.ticket.id) ?? `#${message.ticket.id}`, message.ticket.contactName]
              .filter(Boolean)
              .join(' · ')}
          </Link>
        )}
      </div>
    </div>
  )
}
