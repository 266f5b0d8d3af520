/**
 * The chat's modals (spec 1 §2): media preview with caption, camera capture,
 * forward message(s), send contact, edit message.
 */
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Spinner,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DocumentRegular, MusicNote2Regular, VideoRegular } from '@fluentui/react-icons'
import { api, toastError, toasts, useDebouncedValue } from '@balcao/ui'
import type { ChatMessage, ContactDetails } from './types.js'

/** spec 1 §9 */
export const FORWARD_SPACING_MS = 900
export const SEARCH_MIN_CHARS = 3

const useStyles = makeStyles({
  previews: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginBottom: '12px' },
  preview: {
    width: '120px',
    height: '120px',
    borderRadius: '6px',
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    fontSize: tokens.fontSizeBase200,
    textAlign: 'center',
  },
  thumb: { width: '100%', height: '100%', objectFit: 'cover' },
  video: { width: '100%', maxHeight: '50vh', backgroundColor: '#000', borderRadius: '6px' },
  results: { display: 'flex', flexDirection: 'column', gap: '2px', maxHeight: '280px', overflowY: 'auto', marginTop: '8px' },
  result: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '6px 8px',
    border: 'none',
    borderRadius: '4px',
    background: 'transparent',
    color: tokens.colorNeutralForeground1,
    cursor: 'pointer',
    textAlign: 'start',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  picked: { backgroundColor: tokens.colorBrandBackground2 },
})

function FilePreview({ file }: { file: File }) {
  const s = useStyles()
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  return (
    <div className={s.preview} data-testid="media-preview-item">
      {url ? (
        <img src={url} alt={file.name} className={s.thumb} />
      ) : (
        <>
          {file.type.startsWith('video/') ? (
            <VideoRegular fontSize={32} />
          ) : file.type.startsWith('audio/') ? (
            <MusicNote2Regular fontSize={32} />
          ) : (
            <DocumentRegular fontSize={32} />
          )}
          <span style={{ padding: 4, wordBreak: 'break-all' }}>{file.name}</span>
        </>
      )}
    </div>
  )
}

/** Files chosen (or captured) before sending, with one caption for the first. */
export function MediaPreviewDialog(props: {
  files: File[]
  initialCaption?: string
  onClose: () => void
  onSend: (files: File[], caption: string) => Promise<void>
}) {
  const s = useStyles()
  const { t } = useTranslation()
  const [caption, setCaption] = useState(props.initialCaption ?? '')
  const [sending, setSending] = useState(false)
  const send = async () => {
    setSending(true)
    try {
      await props.onSend(props.files, caption.trim())
      props.onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setSending(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !sending && props.onClose()}>
      <DialogSurface data-testid="media-preview">
        <DialogBody>
          <DialogTitle>{t('inbox.chat.mediaPreview')}</DialogTitle>
          <DialogContent>
            <div className={s.previews}>
              {props.files.map((f, i) => (
                <FilePreview key={i} file={f} />
              ))}
            </div>
            <Field label={t('inbox.chat.caption')}>
              <Textarea value={caption} onChange={(_, d) => setCaption(d.value)} resize="vertical" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={sending}>
              {t('inbox.chat.cancel')}
            </Button>
            <Button appearance="primary" onClick={send} disabled={sending} data-testid="media-send">
              {sending ? <Spinner size="tiny" /> : t('inbox.chat.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** getUserMedia preview; a snapshot becomes a JPEG file. Without a camera it says so. */
export function CameraDialog(props: { onClose: () => void; onCapture: (file: File) => void }) {
  const s = useStyles()
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live: MediaStream | null = null
    let cancelled = false
    const getUserMedia = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices)
    if (!getUserMedia) {
      setFailed(true)
      return
    }
    getUserMedia({ video: true, audio: false })
      .then((st) => {
        if (cancelled) return st.getTracks().forEach((tr) => tr.stop())
        live = st
        setStream(st)
        if (video.current) video.current.srcObject = st
      })
      .catch(() => setFailed(true))
    return () => {
      cancelled = true
      live?.getTracks().forEach((tr) => tr.stop())
    }
  }, [])
  const capture = () => {
    const v = video.current
    if (!v || !v.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    canvas.getContext('2d')?.drawImage(v, 0, 0)
    canvas.toBlob(
      (blob) => {
        if (!blob) return
        props.onCapture(new File([blob], `camera-${Date.now()}.jpg`, { type: 'image/jpeg' }))
      },
      'image/jpeg',
      0.9
    )
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface data-testid="camera-dialog">
        <DialogBody>
          <DialogTitle>{t('inbox.chat.camera')}</DialogTitle>
          <DialogContent>
            {failed ? (
              <p data-testid="camera-unavailable">{t('inbox.chat.cameraUnavailable')}</p>
            ) : (
              <video ref={video} autoPlay playsInline muted className={s.video} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('inbox.chat.cancel')}</Button>
            <Button appearance="primary" onClick={capture} disabled={!stream || failed}>
              {t('inbox.chat.capture')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Contact search from 3 characters (GET /contacts), one pick. */
function ContactPicker(props: { value: ContactDetails | null; onPick: (c: ContactDetails) => void }) {
  const s = useStyles()
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const term = useDebouncedValue(search.trim(), 500)
  const [rows, setRows] = useState<ContactDetails[]>([])
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (term.length < SEARCH_MIN_CHARS) return setRows([])
    const ctl = new AbortController()
    setLoading(true)
    api
      .get<{ contacts: ContactDetails[] }>('/contacts', { searchParam: term, pageNumber: 1 }, ctl.signal)
      .then((d) => setRows(d.contacts))
      .catch((e) => ctl.signal.aborted || toastError(e))
      .finally(() => setLoading(false))
    return () => ctl.abort()
  }, [term])
  return (
    <div>
      <Field label={t('inbox.chat.searchContact')} hint={t('inbox.chat.searchMin')}>
        <Input value={search} onChange={(_, d) => setSearch(d.value)} data-testid="contact-search" />
      </Field>
      {loading && <Spinner size="tiny" />}
      <div className={s.results}>
        {rows.map((c) => (
          <button
            key={c.id}
            type="button"
            className={`${s.result} ${props.value?.id === c.id ? s.picked : ''}`}
            onClick={() => props.onPick(c)}
            data-testid="contact-option"
          >
            <Avatar name={c.name} image={c.urlPicture ? { src: c.urlPicture } : undefined} size={24} />
            <span style={{ flex: 1 }}>{c.name}</span>
            <span style={{ color: tokens.colorNeutralForeground3 }}>{c.number}</span>
          </button>
        ))}
      </div>
    </div>
  )
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Forwards the selected messages one by one, 900 ms apart (the spacing is the client's job). */
export function ForwardDialog(props: {
  messages: ChatMessage[]
  signMessage: boolean
  onClose: () => void
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [target, setTarget] = useState<ContactDetails | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const send = async () => {
    if (!props.messages.length) return toasts.warning(t('inbox.chat.noMessageSelected'))
    if (!target) return
    const ordered = [...props.messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
    try {
      for (const [i, m] of ordered.entries()) {
        if (i > 0) await sleep(FORWARD_SPACING_MS)
        setProgress(i + 1)
        await api.post('/message/forward', { messageId: m.id, contactId: target.id, signMessage: props.signMessage })
      }
      toasts.success(t('inbox.chat.forwarded'))
      props.onDone()
    } catch (error) {
      toastError(error)
    } finally {
      setProgress(null)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && progress === null && props.onClose()}>
      <DialogSurface data-testid="forward-dialog">
        <DialogBody>
          <DialogTitle>{t('inbox.chat.forwardTitle', { count: props.messages.length })}</DialogTitle>
          <DialogContent>
            <ContactPicker value={target} onPick={setTarget} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={progress !== null}>
              {t('inbox.chat.cancel')}
            </Button>
            <Button appearance="primary" onClick={send} disabled={!target || progress !== null}>
              {progress !== null ? `${progress}/${props.messages.length}` : t('inbox.chat.forward')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** Sends a contact card (vCard) into the ticket. */
export function SendContactDialog(props: { ticketId: number; onClose: () => void; onSent: (m: ChatMessage[]) => void }) {
  const { t } = useTranslation()
  const [target, setTarget] = useState<ContactDetails | null>(null)
  const [sending, setSending] = useState(false)
  const send = async () => {
    if (!target) return
    setSending(true)
    try {
      // the list masks numbers for some users: read the contact itself, then send its card
      const full = await api.get<ContactDetails>(`/contacts/${target.id}`)
      if (full.number.includes('*')) return toasts.warning(t('inbox.chat.numberHidden'))
      const res = await api.post<{ messages: ChatMessage[] }>(`/messages/${props.ticketId}`, {
        read: true,
        fromMe: true,
        body: '',
        vCard: { name: full.name, number: full.number.replace(/[^\d+]/g, '') },
      })
      props.onSent(res.messages)
      props.onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setSending(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !sending && props.onClose()}>
      <DialogSurface data-testid="send-contact-dialog">
        <DialogBody>
          <DialogTitle>{t('inbox.chat.sendContact')}</DialogTitle>
          <DialogContent>
            <ContactPicker value={target} onPick={setTarget} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={sending}>
              {t('inbox.chat.cancel')}
            </Button>
            <Button appearance="primary" onClick={send} disabled={!target || sending}>
              {t('inbox.chat.send')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** POST /messages/edit/{id}: own text messages only (the server checks it too). */
export function EditMessageDialog(props: { message: ChatMessage; onClose: () => void; onSaved: (m: ChatMessage) => void }) {
  const { t } = useTranslation()
  const [body, setBody] = useState(props.message.body)
  const [saving, setSaving] = useState(false)
  const save = async () => {
    if (!body.trim()) return
    setSaving(true)
    try {
      props.onSaved(await api.post<ChatMessage>(`/messages/edit/${props.message.id}`, { body: body.trim() }))
      props.onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setSaving(false)
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !saving && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('inbox.chat.editTitle')}</DialogTitle>
          <DialogContent>
            <Textarea
              value={body}
              onChange={(_, d) => setBody(d.value)}
              resize="vertical"
              style={{ width: '100%' }}
              data-testid="edit-message-input"
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} disabled={saving}>
              {t('inbox.chat.cancel')}
            </Button>
            <Button appearance="primary" onClick={save} disabled={saving || !body.trim()}>
              {t('inbox.chat.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
