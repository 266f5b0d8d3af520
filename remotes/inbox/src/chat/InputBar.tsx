/**
 * The chat input bar (spec 1 §4, §9): disabled unless the ticket is open or group
 * and while sending or recording; Enter sends, Shift+Enter breaks the line; empty
 * text is not sent; emoji picker; attachments and camera through a preview with
 * caption; voice recording (cancel/send, under 10000 bytes discarded); quick
 * replies on a leading "/"; private mode and signature kept in localStorage.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAtomValue } from 'jotai'
import {
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Textarea,
  ToggleButton,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import {
  AttachRegular,
  CameraRegular,
  DeleteRegular,
  DismissRegular,
  EmojiRegular,
  LockClosedRegular,
  MicRegular,
  SendRegular,
  SignatureRegular,
} from '@fluentui/react-icons'
import { api, toastError, toasts, userAtom } from '@balcao/ui'
import type { Ticket } from '../types.js'
import { CameraDialog, MediaPreviewDialog } from './dialogs.js'
import type { ChatMessage, QuickMessage } from './types.js'
import { RECORDER_TYPES, voiceNoteFile } from './voice.js'

export const MIN_RECORDING_BYTES = 10000
export const QUICK_REPLY_PREVIEW_CHARS = 90
export const PRIVATE_KEY = 'inbox.chat.privateMode'
export const SIGN_KEY = 'signOption'

/** A short, dependency-free emoji list (the most used ones in support chats). */
export const EMOJIS = [
  '😀', '😃', '😄', '😁', '😅', '😂', '🙂', '😉', '😊', '😍', '😘', '😎', '🤔', '😐', '😴', '😢',
  '😭', '😡', '😱', '🙏', '👍', '👎', '👏', '🙌', '👋', '🤝', '💪', '👌', '✌️', '🤞', '❤️', '💙',
  '💚', '💛', '🔥', '⭐', '✨', '🎉', '🎁', '✅', '❌', '⚠️', '❓', '❗', '📞', '📦', '🚚', '💰',
  '🕐', '📅', '📍', '📎', '📷', '🎤', '💬', '👀', '🤗', '😇', '🥳', '😬', '🙃', '🤷',
]

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    padding: '6px 8px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    position: 'relative',
  },
  private: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  row: { display: 'flex', alignItems: 'center', gap: '4px' },
  text: { flex: 1, '& textarea': { maxHeight: '160px' } },
  reply: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '4px 8px',
    borderLeft: `4px solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: '4px',
    fontSize: tokens.fontSizeBase200,
  },
  replyText: { flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  emojis: { display: 'grid', gridTemplateColumns: 'repeat(8, 32px)', gap: '2px' },
  emoji: {
    fontSize: '20px',
    width: '32px',
    height: '32px',
    border: 'none',
    background: 'transparent',
    cursor: 'pointer',
    borderRadius: '4px',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  quick: {
    position: 'absolute',
    left: '8px',
    right: '8px',
    bottom: '100%',
    maxHeight: '240px',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: '6px',
    zIndex: 2,
    padding: '4px',
  },
  quickItem: {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    border: 'none',
    background: 'transparent',
    color: tokens.colorNeutralForeground1,
    padding: '6px 8px',
    borderRadius: '4px',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  quickActive: { backgroundColor: tokens.colorNeutralBackground1Selected },
  recording: { flex: 1, display: 'flex', alignItems: 'center', gap: '8px', color: tokens.colorPaletteRedForeground1 },
  dot: { width: '10px', height: '10px', borderRadius: '50%', backgroundColor: tokens.colorPaletteRedBackground3 },
})

function readFlag(key: string, fallback: boolean) {
  try {
    const v = localStorage.getItem(key)
    return v === null ? fallback : v === 'true'
  } catch {
    return fallback
  }
}

function saveFlag(key: string, value: boolean) {
  try {
    localStorage.setItem(key, String(value))
  } catch {
    // private browsing: the choice lasts for this page only
  }
}

/** Unsent text per ticket, so switching tickets neither loses a draft nor leaks it into another chat. */
const drafts = new Map<number, string>()

/** spec 1 §9: the placeholder is cut to 20 characters at max-width 767 */
const NARROW_QUERY = '(max-width: 767px)'
const NARROW_PLACEHOLDER_CHARS = 20

let quickCache: Promise<QuickMessage[]> | null = null
const loadQuickMessages = () => (quickCache ??= api.get<QuickMessage[]>('/quick-messages/list').catch((e) => {
  quickCache = null
  throw e
}))

export interface InputBarProps {
  ticket: Pick<Ticket, 'id' | 'status'>
  replyTo?: ChatMessage | null
  onClearReply?: () => void
  onSent?: (messages: ChatMessage[]) => void
  /** stories and tests */
  initialText?: string
  initialRecording?: boolean
  quickMessages?: () => Promise<QuickMessage[]>
}

export function InputBar(props: InputBarProps) {
  const s = useStyles()
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const signDefault = me?.company?.companieSettings?.sendSignMessage !== 'disabled'
  const ticketId = props.ticket.id
  const [text, setTextState] = useState(props.initialText ?? drafts.get(ticketId) ?? '')
  const setText = (value: string | ((now: string) => string)) =>
    setTextState((now) => {
      const next = typeof value === 'function' ? value(now) : value
      if (next) drafts.set(ticketId, next)
      else drafts.delete(ticketId)
      return next
    })
  const [sending, setSending] = useState(false)
  const [recording, setRecording] = useState(!!props.initialRecording)
  const [seconds, setSeconds] = useState(0)
  const [isPrivate, setPrivate] = useState(() => readFlag(PRIVATE_KEY, false))
  const [sign, setSign] = useState(() => readFlag(SIGN_KEY, signDefault))
  const [files, setFiles] = useState<{ files: File[]; caption: string } | null>(null)
  const [camera, setCamera] = useState(false)
  const [quick, setQuick] = useState<QuickMessage[]>([])
  const [quickIndex, setQuickIndex] = useState(0)
  const fileInput = useRef<HTMLInputElement>(null)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const recorder = useRef<{ rec: MediaRecorder; chunks: Blob[]; stream: MediaStream } | null>(null)

  const live = props.ticket.status === 'open' || props.ticket.status === 'group'
  const disabled = !live || sending || recording

  // quick replies while the text is a "/shortcut"
  const quickTerm = /^\/(\S*)$/.exec(text)?.[1]
  useEffect(() => {
    if (quickTerm === undefined) return setQuick([])
    let stale = false
    ;(props.quickMessages ?? loadQuickMessages)()
      .then((all) => {
        if (stale) return
        const term = quickTerm.toLowerCase()
        setQuick(all.filter((q) => q.shortcode.toLowerCase().includes(term)))
        setQuickIndex(0)
      })
      .catch(toastError)
    return () => {
      stale = true
    }
  }, [quickTerm, props.quickMessages])

  // recording timer
  useEffect(() => {
    if (!recording) return setSeconds(0)
    const timer = setInterval(() => setSeconds((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [recording])

  // stop the microphone if the page goes away mid-recording
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((tr) => tr.stop()), [])

  const signed = (body: string) => (sign && !isPrivate && me?.name && body ? `*${me.name}:*\n${body}` : body)

  const sendText = async () => {
    const body = text.trim()
    if (!body || disabled) return
    setSending(true)
    // cleared at once (the message usually arrives by realtime before the answer); restored on failure
    setText('')
    try {
      const res = await api.post<{ messages: ChatMessage[] }>(`/messages/${props.ticket.id}`, {
        read: true,
        fromMe: true,
        body: signed(body),
        quotedMsg: props.replyTo ? { id: props.replyTo.id } : null,
        isPrivate,
      })
      props.onClearReply?.()
      props.onSent?.(res.messages)
    } catch (error) {
      setText((now) => now || text)
      toastError(error)
    } finally {
      setSending(false)
      setTimeout(() => textArea.current?.focus(), 0)
    }
  }

  const sendFiles = async (list: File[], caption: string) => {
    const form = new FormData()
    for (const f of list) form.append('medias', f, f.name)
    // an empty field would arrive as null: send the caption only when there is one
    if (caption) form.append('body', signed(caption))
    form.append('fromMe', 'true')
    form.append('isPrivate', String(isPrivate))
    if (props.replyTo) form.append('quotedMsg[id]', String(props.replyTo.id))
    setSending(true)
    try {
      const res = await api.upload<{ messages: ChatMessage[] }>(`/messages/${props.ticket.id}`, form)
      props.onClearReply?.()
      props.onSent?.(res.messages)
    } finally {
      setSending(false)
    }
  }

  const pickQuick = async (q: QuickMessage) => {
    setQuick([])
    if (q.isMedia && q.mediaPath) {
      try {
        const blob = await (await fetch(q.mediaPath)).blob()
        const name = q.mediaName || q.mediaPath.split('/').pop()?.split('?')[0] || 'file'
        setText('')
        setFiles({ files: [new File([blob], name, { type: blob.type })], caption: q.message })
      } catch (error) {
        toastError(error)
      }
      return
    }
    setText(q.message)
    setTimeout(() => textArea.current?.focus(), 0)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quick.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        setQuickIndex((i) => (i + (e.key === 'ArrowDown' ? 1 : quick.length - 1)) % quick.length)
        return
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault()
        void pickQuick(quick[quickIndex] ?? quick[0])
        return
      }
      if (e.key === 'Escape') return setQuick([])
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      void sendText()
    }
  }

  const insertEmoji = (emoji: string) => {
    const el = textArea.current
    const start = el?.selectionStart ?? text.length
    const end = el?.selectionEnd ?? text.length
    setText(text.slice(0, start) + emoji + text.slice(end))
    setTimeout(() => {
      el?.focus()
      el?.setSelectionRange(start + emoji.length, start + emoji.length)
    }, 0)
  }

  const startRecording = async () => {
    const getUserMedia = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices)
    if (!getUserMedia || typeof MediaRecorder === 'undefined') return toasts.error(t('inbox.chat.micUnavailable'))
    try {
      const stream = await getUserMedia({ audio: true })
      const mime = RECORDER_TYPES.find((m) => MediaRecorder.isTypeSupported(m))
      const rec = new MediaRecorder(stream, { mimeType: mime, audioBitsPerSecond: 128000 })
      const chunks: Blob[] = []
      rec.ondataavailable = (e) => e.data.size && chunks.push(e.data)
      rec.start()
      recorder.current = { rec, chunks, stream }
      setRecording(true)
    } catch {
      toasts.error(t('inbox.chat.micUnavailable'))
    }
  }

  const stopRecording = (send: boolean) => {
    const current = recorder.current
    recorder.current = null
    if (!current) return setRecording(false)
    current.rec.onstop = async () => {
      current.stream.getTracks().forEach((tr) => tr.stop())
      setRecording(false)
      if (!send) return
      const blob = new Blob(current.chunks, { type: current.rec.mimeType })
      if (blob.size < MIN_RECORDING_BYTES) return toasts.warning(t('inbox.chat.recordingTooShort'))
      try {
        await sendFiles([await voiceNoteFile(blob, current.rec.mimeType)], '')
      } catch (error) {
        toastError(error)
      }
    }
    current.rec.stop()
  }

  const quickList = useMemo(
    () =>
      quick.map((q, i) => (
        <button
          key={q.id}
          type="button"
          className={mergeClasses(s.quickItem, i === quickIndex && s.quickActive)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void pickQuick(q)}
          data-testid="quick-reply-option"
        >
          <strong>/{q.shortcode}</strong>
          {q.isMedia && ' 📎'} — {q.message.slice(0, QUICK_REPLY_PREVIEW_CHARS)}
        </button>
      )),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [quick, quickIndex]
  )

  const fullPlaceholder = !live
    ? t('inbox.chat.inputClosed')
    : isPrivate
      ? t('inbox.chat.privatePlaceholder')
      : t('inbox.chat.placeholder')
  const narrow = typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches
  const placeholder = narrow ? fullPlaceholder.slice(0, NARROW_PLACEHOLDER_CHARS) : fullPlaceholder

  return (
    <div className={mergeClasses(s.root, isPrivate && s.private)} data-testid="input-bar" data-private={isPrivate}>
      {quick.length > 0 && !disabled && (
        <div className={s.quick} role="listbox" data-testid="quick-replies">
          {quickList}
        </div>
      )}
      {props.replyTo && (
        <div className={s.reply} data-testid="reply-preview">
          <span className={s.replyText}>
            {props.replyTo.fromMe ? t('inbox.chat.you') : t('inbox.chat.contact')}:{' '}
            {props.replyTo.body || `[${props.replyTo.mediaType ?? ''}]`}
          </span>
          <Button
            size="small"
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={t('inbox.chat.cancel')}
            onClick={props.onClearReply}
          />
        </div>
      )}
      <div className={s.row}>
        {recording ? (
          <>
            <div className={s.recording} data-testid="recording">
              <span className={s.dot} />
              {t('inbox.chat.recording')} {String(Math.floor(seconds / 60)).padStart(2, '0')}:
              {String(seconds % 60).padStart(2, '0')}
            </div>
            <Tooltip content={t('inbox.chat.cancelRecording')} relationship="label">
              <Button icon={<DeleteRegular />} appearance="subtle" onClick={() => stopRecording(false)} />
            </Tooltip>
            <Tooltip content={t('inbox.chat.sendRecording')} relationship="label">
              <Button icon={<SendRegular />} appearance="primary" onClick={() => stopRecording(true)} />
            </Tooltip>
          </>
        ) : (
          <>
            <Popover positioning="above-start" trapFocus>
              <PopoverTrigger disableButtonEnhancement>
                <Button icon={<EmojiRegular />} appearance="subtle" disabled={disabled} aria-label={t('inbox.chat.emoji')} />
              </PopoverTrigger>
              <PopoverSurface>
                <div className={s.emojis}>
                  {EMOJIS.map((e) => (
                    <button key={e} type="button" className={s.emoji} onClick={() => insertEmoji(e)}>
                      {e}
                    </button>
                  ))}
                </div>
              </PopoverSurface>
            </Popover>
            <Tooltip content={t('inbox.chat.attach')} relationship="label">
              <Button
                icon={<AttachRegular />}
                appearance="subtle"
                disabled={disabled}
                onClick={() => fileInput.current?.click()}
                data-testid="attach"
              />
            </Tooltip>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="file-input"
              onChange={(e) => {
                const list = Array.from(e.target.files ?? [])
                e.target.value = ''
                if (list.length) setFiles({ files: list, caption: text.trim() })
              }}
            />
            <Tooltip content={t('inbox.chat.camera')} relationship="label">
              <Button icon={<CameraRegular />} appearance="subtle" disabled={disabled} onClick={() => setCamera(true)} />
            </Tooltip>
            <Tooltip content={t('inbox.chat.privateMode')} relationship="label">
              <ToggleButton
                icon={<LockClosedRegular />}
                appearance="subtle"
                checked={isPrivate}
                disabled={!live}
                data-testid="private-toggle"
                onClick={() => {
                  setPrivate(!isPrivate)
                  saveFlag(PRIVATE_KEY, !isPrivate)
                }}
              />
            </Tooltip>
            <Tooltip content={t('inbox.chat.signature')} relationship="label">
              <ToggleButton
                icon={<SignatureRegular />}
                appearance="subtle"
                checked={sign}
                disabled={!live}
                data-testid="sign-toggle"
                onClick={() => {
                  setSign(!sign)
                  saveFlag(SIGN_KEY, !sign)
                }}
              />
            </Tooltip>
            <Textarea
              ref={textArea}
              className={s.text}
              value={text}
              onChange={(_, d) => setText(d.value)}
              onKeyDown={onKeyDown}
              disabled={disabled}
              placeholder={placeholder}
              resize="none"
              rows={1}
              data-testid="message-input"
              aria-label={t('inbox.chat.placeholder')}
            />
            {text.trim() ? (
              <Tooltip content={t('inbox.chat.send')} relationship="label">
                <Button
                  icon={<SendRegular />}
                  appearance="primary"
                  disabled={disabled}
                  onClick={() => void sendText()}
                  data-testid="send"
                />
              </Tooltip>
            ) : (
              <Tooltip content={t('inbox.chat.record')} relationship="label">
                <Button icon={<MicRegular />} appearance="subtle" disabled={disabled} onClick={() => void startRecording()} />
              </Tooltip>
            )}
          </>
        )}
      </div>
      {files && (
        <MediaPreviewDialog
          files={files.files}
          initialCaption={files.caption}
          onClose={() => setFiles(null)}
          onSend={async (list, caption) => {
            await sendFiles(list, caption)
            setText('')
          }}
        />
      )}
      {camera && (
        <CameraDialog
          onClose={() => setCamera(false)}
          onCapture={(file) => {
            setCamera(false)
            setFiles({ files: [file], caption: text.trim() })
          }}
        />
      )}
    </div>
  )
}
