/**
 * The chat input bar (spec 1 §4, §9): disabled unless the ticket is open or group
 * and while sending or recording; Enter sends, Shift+Enter breaks the line; empty
 * text is not sent; emoji picker; attachments and camera through a preview with
 * caption; voice recording (cancel/send, under 10000 bytes discarded); quick
 * replies on a leading "/"; private mode and signature kept in localStorage.
 * This file sends and lays out; each part has its own file (useDraft,
 * useQuickReplies, useVoiceRecorder, Attachments, EmojiPicker, inputPrefs).
 */
import { useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useAtomValue } from 'jotai'
import { Button, Textarea, ToggleButton, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { DismissRegular, LockClosedRegular, MicRegular, SendRegular, SignatureRegular } from '@fluentui/react-icons'
import { RouteEmbed, api, routeEmbeds, toastError, userAtom } from '@balcao/ui'
import type { Ticket } from '../types.js'
import { AttachButtons, AttachmentDialogs, type PendingFiles } from './Attachments.js'
import { EmojiPicker } from './EmojiPicker.js'
import { NARROW_QUERY, PRIVATE_KEY, SIGN_KEY, fitPlaceholder, readFlag, saveFlag, signBody } from './inputPrefs.js'
import { QuickReplyList } from './QuickReplyList.js'
import { quickMediaName } from './quickReplies.js'
import type { ChatMessage, QuickMessage } from './types.js'
import { useDraft } from './useDraft.js'
import { useQuickReplies } from './useQuickReplies.js'
import { useVoiceRecorder } from './useVoiceRecorder.js'
import { VoiceRecorderBar } from './VoiceRecorderBar.js'

export { EMOJIS } from './EmojiPicker.js'
export { PRIVATE_KEY, SIGN_KEY } from './inputPrefs.js'
export { QUICK_REPLY_PREVIEW_CHARS } from './quickReplies.js'
export { MIN_RECORDING_BYTES } from './recording.js'

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
  // the text box gives way on a phone, so the send / record button stays on screen
  text: { flex: 1, minWidth: 0, '& textarea': { maxHeight: '160px' } },
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
})

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
  const [text, setText] = useDraft(props.ticket.id, props.initialText)
  const [sending, setSending] = useState(false)
  const [isPrivate, setPrivate] = useState(() => readFlag(PRIVATE_KEY, false))
  const [sign, setSign] = useState(() => readFlag(SIGN_KEY, signDefault))
  const [files, setFiles] = useState<PendingFiles | null>(null)
  const [camera, setCamera] = useState(false)
  const textArea = useRef<HTMLTextAreaElement>(null)
  const quick = useQuickReplies(text, props.quickMessages)
  // the assist module's AI menu when the plan has it: a route embed, never an import; it only fills the draft
  const assist = routeEmbeds.component('/assist/chat')

  const signed = (body: string) => signBody(body, { sign, isPrivate, name: me?.name })

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

  const voice = useVoiceRecorder({ initialRecording: props.initialRecording, onRecorded: (file) => sendFiles([file], '') })

  const live = props.ticket.status === 'open' || props.ticket.status === 'group'
  const disabled = !live || sending || voice.recording

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

  const pickQuick = async (q: QuickMessage) => {
    quick.close()
    if (q.isMedia && q.mediaPath) {
      try {
        const blob = await (await fetch(q.mediaPath)).blob()
        setText('')
        setFiles({ files: [new File([blob], quickMediaName(q), { type: blob.type })], caption: q.message })
      } catch (error) {
        toastError(error)
      }
      return
    }
    setText(q.message)
    setTimeout(() => textArea.current?.focus(), 0)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (quick.onKeyDown(e, (q) => void pickQuick(q))) return
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

  const fullPlaceholder = !live
    ? t('inbox.chat.inputClosed')
    : isPrivate
      ? t('inbox.chat.privatePlaceholder')
      : t('inbox.chat.placeholder')
  const placeholder = fitPlaceholder(fullPlaceholder, typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches)

  return (
    <div className={mergeClasses(s.root, isPrivate && s.private)} data-testid="input-bar" data-private={isPrivate}>
      {quick.quick.length > 0 && !disabled && (
        <QuickReplyList items={quick.quick} active={quick.quickIndex} onPick={(q) => void pickQuick(q)} />
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
        {voice.recording ? (
          <VoiceRecorderBar seconds={voice.seconds} onStop={voice.stop} />
        ) : (
          <>
            <EmojiPicker disabled={disabled} onPick={insertEmoji} />
            <AttachButtons
              disabled={disabled}
              onFiles={(list) => setFiles({ files: list, caption: text.trim() })}
              onCamera={() => setCamera(true)}
            />
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
            {assist && (
              <RouteEmbed
                component={assist}
                route="/assist/chat"
                embed={{
                  ticketId: props.ticket.id,
                  draft: text,
                  disabled,
                  onDraft: (value: string) => {
                    setText(value)
                    setTimeout(() => textArea.current?.focus(), 0)
                  },
                  onClose: () => {},
                }}
              />
            )}
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
                <Button icon={<MicRegular />} appearance="subtle" disabled={disabled} onClick={() => void voice.start()} />
              </Tooltip>
            )}
          </>
        )}
      </div>
      <AttachmentDialogs
        pending={files}
        onClosePreview={() => setFiles(null)}
        onSend={async (list, caption) => {
          await sendFiles(list, caption)
          setText('')
        }}
        camera={camera}
        onCloseCamera={() => setCamera(false)}
        onCapture={(file) => {
          setCamera(false)
          setFiles({ files: [file], caption: text.trim() })
        }}
      />
    </div>
  )
}
