/**
 * Attachments: the attach button (a hidden multiple-file input) and the camera
 * button; what they pick goes through the preview dialog with a caption
 * (AttachmentDialogs) before it is sent.
 */
import { useRef } from 'react'
import { Button, Tooltip } from '@fluentui/react-components'
import { AttachRegular, CameraRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { CameraDialog, MediaPreviewDialog } from './dialogs.js'

/** files waiting in the preview, with the caption it opens with */
export interface PendingFiles {
  files: File[]
  caption: string
}

export function AttachButtons(props: { disabled: boolean; onFiles: (files: File[]) => void; onCamera: () => void }) {
  const { t } = useTranslation()
  const fileInput = useRef<HTMLInputElement>(null)
  return (
    <>
      <Tooltip content={t('inbox.chat.attach')} relationship="label">
        <Button
          icon={<AttachRegular />}
          appearance="subtle"
          disabled={props.disabled}
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
          if (list.length) props.onFiles(list)
        }}
      />
      <Tooltip content={t('inbox.chat.camera')} relationship="label">
        <Button icon={<CameraRegular />} appearance="subtle" disabled={props.disabled} onClick={props.onCamera} />
      </Tooltip>
    </>
  )
}

export function AttachmentDialogs(props: {
  pending: PendingFiles | null
  onClosePreview: () => void
  onSend: (files: File[], caption: string) => Promise<void>
  camera: boolean
  onCloseCamera: () => void
  onCapture: (file: File) => void
}) {
  return (
    <>
      {props.pending && (
        <MediaPreviewDialog
          files={props.pending.files}
          initialCaption={props.pending.caption}
          onClose={props.onClosePreview}
          onSend={props.onSend}
        />
      )}
      {props.camera && <CameraDialog onClose={props.onCloseCamera} onCapture={props.onCapture} />}
    </>
  )
}
