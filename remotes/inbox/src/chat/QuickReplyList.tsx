/** The quick replies above the input, the highlighted one marked. */
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { quickPreview } from './quickReplies.js'
import type { QuickMessage } from './types.js'

const useStyles = makeStyles({
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
})

export function QuickReplyList(props: { items: QuickMessage[]; active: number; onPick: (q: QuickMessage) => void }) {
  const s = useStyles()
  return (
    <div className={s.quick} role="listbox" data-testid="quick-replies">
      {props.items.map((q, i) => (
        <button
          key={q.id}
          type="button"
          className={mergeClasses(s.quickItem, i === props.active && s.quickActive)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => props.onPick(q)}
          data-testid="quick-reply-option"
        >
          <strong>/{q.shortcode}</strong>
          {q.isMedia && ' 📎'} — {quickPreview(q)}
        </button>
      ))}
    </div>
  )
}
