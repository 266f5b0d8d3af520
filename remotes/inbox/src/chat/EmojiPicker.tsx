/** The emoji button and its grid: a short, dependency-free list. */
import { Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from '@fluentui/react-components'
import { EmojiRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

/** The most used emojis in support chats. */
export const EMOJIS = [
  '😀', '😃', '😄', '😁', '😅', '😂', '🙂', '😉', '😊', '😍', '😘', '😎', '🤔', '😐', '😴', '😢',
  '😭', '😡', '😱', '🙏', '👍', '👎', '👏', '🙌', '👋', '🤝', '💪', '👌', '✌️', '🤞', '❤️', '💙',
  '💚', '💛', '🔥', '⭐', '✨', '🎉', '🎁', '✅', '❌', '⚠️', '❓', '❗', '📞', '📦', '🚚', '💰',
  '🕐', '📅', '📍', '📎', '📷', '🎤', '💬', '👀', '🤗', '😇', '🥳', '😬', '🙃', '🤷',
]

const useStyles = makeStyles({
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
})

export function EmojiPicker(props: { disabled: boolean; onPick: (emoji: string) => void }) {
  const s = useStyles()
  const { t } = useTranslation()
  return (
    <Popover positioning="above-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button icon={<EmojiRegular />} appearance="subtle" disabled={props.disabled} aria-label={t('inbox.chat.emoji')} />
      </PopoverTrigger>
      <PopoverSurface>
        <div className={s.emojis}>
          {EMOJIS.map((e) => (
            <button key={e} type="button" className={s.emoji} onClick={() => props.onPick(e)}>
              {e}
            </button>
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  )
}
