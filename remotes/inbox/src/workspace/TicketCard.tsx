/**
 * One ticket in the list (spec 1 §9): contact name cut at 60 characters, last
 * message at 40 (WhatsApp's *bold*, _italic_, ~strike~ drawn, never their marks), at most 2 tags, unread badge, queue colour, attendant, time.
 * The channel's icon (its manifest's, with its name as the tooltip) before the name.
 * Pending tickets carry accept and ignore buttons. Everything about the ticket comes in
 * through props, so stories and the virtual list can render it alike.
 */
import { Fragment, type MouseEvent } from 'react'
import {
  Avatar,
  Badge,
  Button,
  Caption1,
  CounterBadge,
  Text,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { CheckmarkRegular, DismissRegular, PeopleTeamRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { ChannelIcon, formatDate } from '@balcao/ui'
import type { Ticket } from '../types.js'
import { plainPreview, previewPieces } from '../chat/whatsappFormat.js'

export const TICKET_ROW_HEIGHT = 92
export const NAME_MAX = 60
export const LAST_MESSAGE_MAX = 40
export const TAGS_MAX = 2
const NO_QUEUE_COLOR = '#7c7c7c'

export function cut(text: string | null | undefined, max: number) {
  const s = (text ?? '').replace(/\s+/g, ' ').trim()
  return s.length > max ? `${s.slice(0, max)}…` : s
}

/** Black or white, whichever reads better on a #rrggbb background (queue and tag colours are free). */
export function textOn(background: string | null | undefined) {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background ?? '')?.[1]
  if (!hex) return '#fff'
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
  return lum > 0.6 ? '#1b1b1b' : '#fff'
}

/** HH:mm today, DD/MM/YYYY before. */
export function cardTime(value: string | null | undefined, now = new Date()) {
  if (!value) return ''
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  if (d.toDateString() === now.toDateString())
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
  return formatDate(d)
}

const useStyles = makeStyles({
  card: {
    'height': '100%',
    'boxSizing': 'border-box',
    'display': 'flex',
    'gap': '10px',
    'alignItems': 'center',
    'padding': '8px 10px 8px 12px',
    'cursor': 'pointer',
    'borderBottom': `1px solid ${tokens.colorNeutralStroke2}`,
    'backgroundColor': tokens.colorNeutralBackground1,
    'position': 'relative',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}`, outlineOffset: '-2px' },
  },
  selected: {
    'backgroundColor': tokens.colorNeutralBackground1Selected,
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Selected },
  },
  closed: { opacity: 0.75 },
  bar: { position: 'absolute', left: 0, top: 0, bottom: 0, width: '5px' },
  body: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '3px' },
  line: { display: 'flex', alignItems: 'center', gap: '6px', minWidth: 0 },
  name: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  last: {
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground2,
  },
  unreadText: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  timeUnread: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  badges: { display: 'flex', alignItems: 'center', gap: '4px', minWidth: 0, overflow: 'hidden', flex: 1 },
  // a chip gives way to its neighbours on a narrow card, its text ending in an ellipsis (never cut dry)
  badge: { maxWidth: '120px', minWidth: '24px', flexShrink: 1, overflow: 'hidden' },
  chipText: { minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: '2px', flexShrink: 0 },
})

export interface TicketCardProps {
  ticket: Ticket
  selected?: boolean
  /** the attendant's name (admins, or tickets that are not the viewer's) */
  showUser?: boolean
  onOpen: (ticket: Ticket) => void
  onAccept?: (ticket: Ticket) => void
  /** only when the user may ignore pending tickets */
  onIgnore?: (ticket: Ticket) => void
  busy?: boolean
}

/** A chip's text: cut with an ellipsis when the chip is narrower than it, the whole text in its title. */
function Chip({ className, children }: { className: string; children: string }) {
  return (
    <span className={className} title={children} data-chip-label="">
      {children}
    </span>
  )
}

/** The last message as the card shows it: WhatsApp marks drawn, cut at 40 visible characters. */
function LastMessage({ text }: { text: string | null | undefined }) {
  const pieces = previewPieces(text, LAST_MESSAGE_MAX)
  if (!pieces.length) return <>{'\u00a0'}</>
  return (
    <>
      {pieces.map((p, i) =>
        p.mark === 'bold' ? (
          <strong key={i}>{p.text}</strong>
        ) : p.mark === 'italic' ? (
          <em key={i}>{p.text}</em>
        ) : p.mark === 'strike' ? (
          <s key={i}>{p.text}</s>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        )
      )}
    </>
  )
}

export function TicketCard({ ticket, selected, showUser, onOpen, onAccept, onIgnore, busy }: TicketCardProps) {
  const { t } = useTranslation()
  const styles = useStyles()
  const unread = ticket.unreadMessages > 0
  const name = ticket.contact?.name || ticket.contact?.number || `#${ticket.id}`
  const tags = ticket.tags ?? []
  const stop = (fn?: (t: Ticket) => void) => (e: MouseEvent) => {
    e.stopPropagation()
    fn?.(ticket)
  }

  return (
    <div
      className={mergeClasses(
        styles.card,
        selected && styles.selected,
        ticket.status === 'closed' && styles.closed
      )}
      onClick={() => onOpen(ticket)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(ticket)}
      role="button"
      tabIndex={0}
      aria-current={selected ? 'true' : undefined}
      data-testid="ticket-card"
      data-ticket-id={ticket.id}
      data-status={ticket.status}
    >
      <span
        className={styles.bar}
        style={{ backgroundColor: ticket.queue?.color || NO_QUEUE_COLOR }}
        title={ticket.queue?.name ?? t('inbox.workspace.noQueue')}
      />
      <Avatar
        name={name}
        image={ticket.contact?.urlPicture ? { src: ticket.contact.urlPicture } : undefined}
        icon={ticket.isGroup ? <PeopleTeamRegular /> : undefined}
        size={40}
      />
      <div className={styles.body}>
        <div className={styles.line}>
          {ticket.channel && <ChannelIcon channel={ticket.channel} size={16} />}
          <Text weight="semibold" className={styles.name} title={name} data-testid="ticket-name">
            {cut(name, NAME_MAX)}
          </Text>
          <Caption1 className={mergeClasses(styles.time, unread && styles.timeUnread)}>
            {cardTime(ticket.updatedAt)}
          </Caption1>
        </div>
        <div className={styles.line}>
          <Caption1
            className={mergeClasses(styles.last, unread && styles.unreadText)}
            data-testid="ticket-last-message"
            title={plainPreview(previewPieces(ticket.lastMessage, 1000)) || undefined}
          >
            <LastMessage text={ticket.lastMessage} />
          </Caption1>
          {unread && (
            <CounterBadge
              count={ticket.unreadMessages}
              overflowCount={999}
              size="small"
              color="brand"
              data-testid="ticket-unread"
            />
          )}
        </div>
        <div className={styles.line}>
          <div className={styles.badges}>
            <Badge
              size="small"
              appearance="tint"
              className={styles.badge}
              style={
                ticket.queue
                  ? { backgroundColor: ticket.queue.color, color: textOn(ticket.queue.color), border: 'none' }
                  : undefined
              }
            >
              <Chip className={styles.chipText}>{ticket.queue?.name ?? t('inbox.workspace.noQueue')}</Chip>
            </Badge>
            {showUser && ticket.user && (
              <Badge size="small" appearance="outline" color="informative" className={styles.badge}>
                <Chip className={styles.chipText}>{ticket.user.name}</Chip>
              </Badge>
            )}
            {tags.slice(0, TAGS_MAX).map((g) => (
              <Badge
                key={g.id}
                size="small"
                className={styles.badge}
                style={{ backgroundColor: g.color, color: textOn(g.color), border: 'none' }}
                data-testid="ticket-tag"
              >
                <Chip className={styles.chipText}>{g.name}</Chip>
              </Badge>
            ))}
            {tags.length > TAGS_MAX && (
              <Caption1 className={styles.time}>+{tags.length - TAGS_MAX}</Caption1>
            )}
          </div>
          {ticket.status === 'pending' && (onAccept || onIgnore) && (
            <div className={styles.actions}>
              {onIgnore && (
                <Tooltip content={t('inbox.workspace.ignore')} relationship="label">
                  <Button
                    size="small"
                    appearance="subtle"
                    icon={<DismissRegular />}
                    disabled={busy}
                    onClick={stop(onIgnore)}
                    data-testid="card-ignore"
                  />
                </Tooltip>
              )}
              {onAccept && (
                <Button
                  size="small"
                  appearance="primary"
                  icon={<CheckmarkRegular />}
                  disabled={busy}
                  onClick={stop(onAccept)}
                  data-testid="card-accept"
                >
                  {t('inbox.workspace.accept')}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
