/**
 * Voice notes: the microphone through MediaRecorder, a seconds timer, cancel or
 * send; a recording under MIN_RECORDING_BYTES is discarded with a warning. The
 * microphone is released when the page goes away mid-recording.
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toastError, toasts } from '@balcao/ui'
import { recordingTooShort } from './recording.js'
import { RECORDER_TYPES, voiceNoteFile } from './voice.js'

export function useVoiceRecorder(opts: { initialRecording?: boolean; onRecorded: (file: File) => Promise<void> }) {
  const { t } = useTranslation()
  const [recording, setRecording] = useState(!!opts.initialRecording)
  const [seconds, setSeconds] = useState(0)
  const recorder = useRef<{ rec: MediaRecorder; chunks: Blob[]; stream: MediaStream } | null>(null)

  // recording timer
  useEffect(() => {
    if (!recording) return setSeconds(0)
    const timer = setInterval(() => setSeconds((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [recording])

  // stop the microphone if the page goes away mid-recording
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((tr) => tr.stop()), [])

  const start = async () => {
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

  /** Stops the recording and sends it (send) or drops it. */
  const stop = (send: boolean) => {
    const current = recorder.current
    recorder.current = null
    if (!current) return setRecording(false)
    current.rec.onstop = async () => {
      current.stream.getTracks().forEach((tr) => tr.stop())
      setRecording(false)
      if (!send) return
      const blob = new Blob(current.chunks, { type: current.rec.mimeType })
      if (recordingTooShort(blob.size)) return toasts.warning(t('inbox.chat.recordingTooShort'))
      try {
        await opts.onRecorded(await voiceNoteFile(blob, current.rec.mimeType))
      } catch (error) {
        toastError(error)
      }
    }
    current.rec.stop()
  }

  return { recording, seconds, start, stop }
}
