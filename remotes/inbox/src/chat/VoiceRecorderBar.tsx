/** The input row while recording: the timer, cancel and send. */
import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components'
import { DeleteRegular, SendRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { recordingClock } from './recording.js'

const useStyles = makeStyles({
  recording: { flex: 1, display: 'flex', alignItems: 'center', gap: '8px', color: tokens.colorPaletteRedForeground1 },
  dot: { width: '10px', height: '10px', borderRadius: '50%', backgroundColor: tokens.colorPaletteRedBackground3 },
})

export function VoiceRecorderBar(props: { seconds: number; onStop: (send: boolean) => void }) {
  const s = useStyles()
  const { t } = useTranslation()
  return (
    <>
      <div className={s.recording} data-testid="recording">
        <span className={s.dot} />
        {t('inbox.chat.recording')} {recordingClock(props.seconds)}
      </div>
      <Tooltip content={t('inbox.chat.cancelRecording')} relationship="label">
        <Button icon={<DeleteRegular />} appearance="subtle" onClick={() => props.onStop(false)} />
      </Tooltip>
      <Tooltip content={t('inbox.chat.sendRecording')} relationship="label">
        <Button icon={<SendRegular />} appearance="primary" onClick={() => props.onStop(true)} />
      </Tooltip>
    </>
  )
}
