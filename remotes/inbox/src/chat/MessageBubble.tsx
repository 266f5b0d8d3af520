/**
 * One message of the chat: text with WhatsApp-style formatting, the media viewers
 * (image lightbox, audio, video, document, location, vCard, reaction, call log),
 * the quoted message, ack icons (spec 1 §4), deleted/edited/forwarded marks and the
 * private-note look. Presentational: actions come in as callbacks.
 */
import { Fragment, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogSurface,
  Link,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  ArrowDownloadRegular,
  ArrowForwardRegular,
  ArrowReplyRegular,
  CallMissedRegular,
  ChevronDownRegular,
  ClockRegular,
  ContactCardRegular,
  DeleteRegular,
  DismissRegular,
  DocumentRegular,
  EditRegular,
  LocationRegular,
  LockClosedRegular,
  MicRegular,
  WarningRegular,
} from '@fluentui/react-icons'
import { ApiError, errorText } from '@balcao/ui'
import type { ChatMessage } from './types.js'
import { parseWhatsapp } from './whatsappFormat.js'

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: '6px', padding: '2px 12px' },
  rowMine: { justifyContent: 'flex-end' },
  bubble: {
    position: 'relative',
    maxWidth: 'min(560px, 75%)',
    minWidth: '96px',
    padding: '6px 8px 4px',
    borderRadius: '8px',
    boxShadow: tokens.shadow2,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    wordBreak: 'break-word',
    ':hover .bubble-menu': { opacity: 1 },
  },
  // room for the menu chevron in the top corner: it never sits over the text
  withMenu: { paddingRight: '26px' },
  mine: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorNeutralForeground1 },
  private: {
    backgroundColor: tokens.colorPaletteYellowBackground2,
    border: `1px dashed ${tokens.colorPaletteYellowBorderActive}`,
  },
  highlight: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  sender: { fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  marks: {
    display: 'flex',
    alignItems: 'center',
    gap: '4px',
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground3,
  },
  text: { whiteSpace: 'pre-wrap', fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  deleted: { fontStyle: 'italic', color: tokens.colorNeutralForeground3 },
  struck: { textDecorationLine: 'line-through', opacity: 0.6 },
  footer: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: '4px',
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground3,
    marginTop: '2px',
  },
  quote: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    cursor: 'pointer',
    border: 'none',
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    borderRadius: '4px',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    padding: '4px 8px',
    marginBottom: '4px',
    fontSize: tokens.fontSizeBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    maxHeight: '4.5em',
  },
  image: { display: 'block', maxWidth: '280px', maxHeight: '280px', borderRadius: '6px', cursor: 'zoom-in' },
  video: { display: 'block', maxWidth: '320px', maxHeight: '280px', borderRadius: '6px' },
  audio: { display: 'block', width: '260px', maxWidth: '100%' },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 8px',
    borderRadius: '6px',
    backgroundColor: tokens.colorNeutralBackground3,
  },
  reaction: { fontSize: '28px', lineHeight: '32px' },
  menuButton: {
    position: 'absolute',
    top: '2px',
    right: '2px',
    opacity: 0,
    minWidth: '20px',
    height: '20px',
    padding: 0,
  },
  lightbox: { maxWidth: '90vw', width: 'auto', padding: '8px' },
  lightboxImage: { display: 'block', maxWidth: '85vw', maxHeight: '80vh', margin: '0 auto' },
  checks: { display: 'inline-flex', alignItems: 'center' },
  read: { color: tokens.colorBrandForeground1 },
  error: { color: tokens.colorPaletteRedForeground1 },
})

const FILE_TYPES = new Set(['image', 'audio', 'video', 'application', 'document'])

export const timeOf = (iso: string) => {
  const d = new Date(iso)
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** *bold*, _italic_, ~strike~ and ```mono``` as WhatsApp shows them; React elements only, never HTML. */
export function formatWhatsapp(text: string): ReactNode[] {
  return parseWhatsapp(text).map((p, i) => {
    if (p.mark === 'bold') return <strong key={i}>{p.text}</strong>
    if (p.mark === 'italic') return <em key={i}>{p.text}</em>
    if (p.mark === 'strike') return <s key={i}>{p.text}</s>
    if (p.mark === 'mono') return <code key={i}>{p.text}</code>
    return <Fragment key={i}>{p.text}</Fragment>
  })
}

/**
 * Why a send failed: the server stores an error code (ERR_…), translated like
 * every error of the app (the kit's catalogue); a channel's own text is shown as is.
 */
export function sendErrorText(raw: string) {
  const code = /^ERR_[A-Z0-9_]+$/.test(raw.trim()) ? raw.trim() : null
  return errorText(new ApiError(0, code, code ? '' : raw))
}

function SendError({ raw }: { raw: string }) {
  const s = useStyles()
  const { t } = useTranslation()
  const text = t('inbox.chat.sendFailed', { reason: sendErrorText(raw) })
  return (
    <Tooltip content={text} relationship="label">
      <span className={s.error} tabIndex={0} role="img" aria-label={text} data-testid="send-error">
        <WarningRegular fontSize={12} />
      </span>
    </Tooltip>
  )
}

function Check({ double }: { double?: boolean }) {
  return (
    <svg width={double ? 18 : 12} height="12" viewBox={double ? '0 0 18 12' : '0 0 12 12'} aria-hidden="true">
      <path d="M1 6.5l3 3L11 2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {double && <path d="M7 9.5L14 2" fill="none" stroke="currentColor" strokeWidth="1.6" />}
    </svg>
  )
}

/** 0 clock, 1 sent, 2 delivered, 3 or 4 read (audio: played), 5 read-style. */
export function AckIcon({ ack, audio }: { ack: number; audio?: boolean }) {
  const { t } = useTranslation()
  const s = useStyles()
  const label = t(`inbox.chat.ack.${audio && ack >= 3 && ack <= 4 ? 'played' : Math.max(0, Math.min(5, ack))}`)
  if (ack <= 0)
    return (
      <span className={s.checks} title={label} data-ack="0">
        <ClockRegular fontSize={12} />
      </span>
    )
  return (
    <span className={mergeClasses(s.checks, ack >= 3 && s.read)} title={label} data-ack={String(ack)}>
      <Check double={ack >= 2} />
      {audio && ack >= 3 && ack <= 4 && <MicRegular fontSize={12} data-testid="audio-played" />}
    </span>
  )
}

/** A location body: "lat,lng" (optionally with a title) or a maps link. */
function parseLocation(body: string) {
  const m = /(-?\d{1,3}\.\d+)\s*[,;]\s*(-?\d{1,3}\.\d+)/.exec(body)
  if (m) return { lat: m[1], lng: m[2], label: body.replace(m[0], '').replace(/[|\n]+/g, ' ').trim() }
  const url = /https?:\/\/\S+/.exec(body)?.[0]
  return url ? { url, label: body.replace(url, '').trim() } : null
}

/** FN and the first TEL of a vCard. */
export function parseVcard(body: string) {
  const name = /^FN:(.*)$/m.exec(body)?.[1]?.trim() ?? ''
  const tel = /^TEL[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? ''
  return { name, number: tel }
}

function Lightbox({ src, onClose }: { src: string; onClose: () => void }) {
  const s = useStyles()
  const { t } = useTranslation()
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.lightbox} data-testid="image-lightbox">
        <DialogBody style={{ display: 'block' }}>
          <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 4 }}>
            <Button as="a" href={src} download appearance="subtle" icon={<ArrowDownloadRegular />}>
              {t('inbox.chat.download')}
            </Button>
            <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('inbox.chat.close')} onClick={onClose} />
          </div>
          <img src={src} alt="" className={s.lightboxImage} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function Media({ message }: { message: ChatMessage }) {
  const s = useStyles()
  const { t } = useTranslation()
  const [zoom, setZoom] = useState(false)
  const url = message.mediaUrl ?? ''
  switch (message.mediaType) {
    case 'image':
      return (
        <>
          <img src={url} alt={message.mediaName ?? ''} className={s.image} loading="lazy" onClick={() => setZoom(true)} />
          {zoom && <Lightbox src={url} onClose={() => setZoom(false)} />}
        </>
      )
    case 'audio':
      return <audio controls preload="none" src={url} className={s.audio} data-testid="audio-player" />
    case 'video':
      return <video controls preload="metadata" src={url} className={s.video} />
    case 'application':
    case 'document':
      return (
        <div className={s.card}>
          <DocumentRegular fontSize={28} />
          <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {message.mediaName || t('inbox.chat.document')}
          </span>
          <Button
            as="a"
            href={url}
            download={message.mediaName ?? true}
            target="_blank"
            rel="noreferrer"
            size="small"
            icon={<ArrowDownloadRegular />}
            aria-label={t('inbox.chat.download')}
          />
        </div>
      )
    default:
      return null
  }
}

function Content({ message }: { message: ChatMessage }) {
  const s = useStyles()
  const { t } = useTranslation()
  const body = message.body ?? ''
  switch (message.mediaType) {
    case 'locationMessage': {
      const loc = parseLocation(body)
      const href = loc
        ? 'url' in loc
          ? loc.url
          : `https://www.google.com/maps/search/?api=1&query=${loc.lat},${loc.lng}`
        : null
      return (
        <div className={s.card}>
          <LocationRegular fontSize={24} />
          <span style={{ flex: 1 }}>{loc?.label || t('inbox.chat.location')}</span>
          {href && (
            <Link href={href} target="_blank" rel="noreferrer">
              {t('inbox.chat.openMap')}
            </Link>
          )}
        </div>
      )
    }
    case 'contactMessage': {
      const card = parseVcard(body)
      return (
        <div className={s.card} data-testid="vcard">
          <ContactCardRegular fontSize={28} />
          <div>
            <div style={{ fontWeight: 600 }}>{card.name || t('inbox.chat.contactCard')}</div>
            <div>{card.number}</div>
          </div>
        </div>
      )
    }
    case 'reactionMessage':
      return (
        <div title={t('inbox.chat.reaction')}>
          <span className={s.reaction}>{body}</span>
        </div>
      )
    case 'call_log':
      return (
        <div className={s.card}>
          <CallMissedRegular fontSize={22} className={s.error} />
          <span>{t('inbox.chat.missedCall', { time: timeOf(message.createdAt) })}</span>
        </div>
      )
    default:
      return (
        <>
          {FILE_TYPES.has(message.mediaType ?? '') &&
            (message.mediaUrl ? (
              <Media message={message} />
            ) : (
              <div className={s.deleted} data-testid="media-missing">
                {t(message.mediaPending ? 'inbox.chat.mediaLoading' : 'inbox.chat.mediaUnavailable')}
              </div>
            ))}
          {body && !(message.mediaUrl && body === message.mediaName) && (
            <div className={s.text}>{formatWhatsapp(body)}</div>
          )}
        </>
      )
  }
}

export interface BubbleActions {
  onReply?: (m: ChatMessage) => void
  onEdit?: (m: ChatMessage) => void
  onDelete?: (m: ChatMessage) => void
  onForward?: (m: ChatMessage) => void
  onQuoteClick?: (id: number) => void
}

export interface MessageBubbleProps extends BubbleActions {
  message: ChatMessage
  /** the signed-in user may edit/delete it (own message, as the server enforces) */
  isOwn?: boolean
  /** the company erases deleted texts (enableLGPD + lgpdDeleteMessage): show the server's text as is */
  lgpdErase?: boolean
  /** group tickets: name of the member who wrote */
  showSender?: boolean
  selecting?: boolean
  selected?: boolean
  onToggleSelect?: (m: ChatMessage) => void
  highlighted?: boolean
}

export function MessageBubble(props: MessageBubbleProps) {
  const { message: m, isOwn, selecting, selected } = props
  const s = useStyles()
  const { t } = useTranslation()
  const mine = m.fromMe
  const canEdit = isOwn && !m.isDeleted && !m.mediaUrl && !m.mediaType && !m.isPrivate
  const canForward = !m.isPrivate && !m.isDeleted
  const hasMenu = !m.isDeleted && (props.onReply || props.onForward || isOwn)
  const quoted = m.quotedMsg
  return (
    <div
      className={mergeClasses(s.row, mine && s.rowMine)}
      data-testid="message"
      data-message-id={m.id}
      data-private={m.isPrivate ? 'true' : undefined}
    >
      {selecting && canForward && (
        <Checkbox
          checked={!!selected}
          onChange={() => props.onToggleSelect?.(m)}
          aria-label={t('inbox.chat.select')}
          data-testid="select-message"
        />
      )}
      <div
        className={mergeClasses(
          s.bubble,
          hasMenu && !selecting && s.withMenu,
          mine && s.mine,
          m.isPrivate && s.private,
          props.highlighted && s.highlight
        )}
      >
        {hasMenu && !selecting && (
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button
                className={mergeClasses(s.menuButton, 'bubble-menu')}
                appearance="subtle"
                size="small"
                icon={<ChevronDownRegular />}
                aria-label={t('inbox.chat.messageActions')}
                data-testid="message-menu"
              />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {props.onReply && !m.isPrivate && (
                  <MenuItem icon={<ArrowReplyRegular />} onClick={() => props.onReply?.(m)}>
                    {t('inbox.chat.reply')}
                  </MenuItem>
                )}
                {props.onForward && canForward && (
                  <MenuItem icon={<ArrowForwardRegular />} onClick={() => props.onForward?.(m)}>
                    {t('inbox.chat.forward')}
                  </MenuItem>
                )}
                {canEdit && props.onEdit && (
                  <MenuItem icon={<EditRegular />} onClick={() => props.onEdit?.(m)}>
                    {t('inbox.chat.edit')}
                  </MenuItem>
                )}
                {isOwn && props.onDelete && (
                  <MenuItem icon={<DeleteRegular />} onClick={() => props.onDelete?.(m)}>
                    {t('inbox.chat.delete')}
                  </MenuItem>
                )}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {(m.isPrivate || m.isForwarded) && (
          <div className={s.marks}>
            {m.isPrivate && (
              <>
                <LockClosedRegular fontSize={12} /> {t('inbox.chat.privateNote')}
              </>
            )}
            {m.isForwarded && (
              <>
                <ArrowForwardRegular fontSize={12} /> {t('inbox.chat.forwarded')}
              </>
            )}
          </div>
        )}
        {props.showSender && !mine && m.contact?.name && <div className={s.sender}>{m.contact.name}</div>}
        {quoted && (
          <button
            type="button"
            className={s.quote}
            onClick={() => props.onQuoteClick?.(quoted.id)}
            data-testid="quoted-message"
          >
            <div style={{ fontWeight: 600 }}>
              {quoted.fromMe ? t('inbox.chat.you') : (m.contact?.name ?? t('inbox.chat.contact'))}
            </div>
            <div>{quoted.isDeleted ? t('inbox.chat.deletedOwn') : quoted.body || `[${quoted.mediaType ?? ''}]`}</div>
          </button>
        )}
        {m.isDeleted ? (
          <div>
            {!props.lgpdErase && (
              <div className={s.deleted} data-testid="deleted-mark">
                <DeleteRegular fontSize={12} /> {mine ? t('inbox.chat.deletedOwn') : t('inbox.chat.deletedByContact')}
              </div>
            )}
            <div className={mergeClasses(s.text, !props.lgpdErase && s.struck)}>{m.body}</div>
          </div>
        ) : (
          <Content message={m} />
        )}
        <div className={s.footer}>
          {m.sendError && <SendError raw={m.sendError} />}
          {m.isEdited && <span data-testid="edited-mark">{t('inbox.chat.edited')}</span>}
          <span>{timeOf(m.createdAt)}</span>
          {mine && !m.isPrivate && <AckIcon ack={m.ack} audio={m.mediaType === 'audio'} />}
        </div>
      </div>
    </div>
  )
}
