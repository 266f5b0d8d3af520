/**
 * The chats of the signed-in user (spec 3 §2): search, each line with the
 * title, its unread badge, the last update time and the last message; the
 * next page when scrolled within 100 px of the bottom.
 */
import {
  Body1Strong,
  Caption1,
  CounterBadge,
  Input,
  Spinner,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { ChatRegular, SearchRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { EmptyState, INFINITE_SCROLL_THRESHOLD_PX, formatDateTime } from '@balcao/ui'
import { unreadsOf, type Chat } from './types.js'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1, gap: '8px' },
  list: { overflowY: 'auto', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  item: {
    'display': 'flex',
    'flexDirection': 'column',
    'gap': '2px',
    'padding': '8px 10px',
    'borderRadius': tokens.borderRadiusMedium,
    'cursor': 'pointer',
    'border': 'none',
    'textAlign': 'start',
    'backgroundColor': 'transparent',
    'color': 'inherit',
    'font': 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  title: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  line: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

export function ChatList(props: {
  chats: Chat[]
  meId: number
  selectedId: number | null
  search: string
  onSearch: (s: string) => void
  loading: boolean
  hasMore: boolean
  onMore: () => void
  onOpen: (chat: Chat) => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <Input
        contentBefore={<SearchRegular />}
        placeholder={t('chatsPage.search')}
        value={props.search}
        onChange={(_, d) => props.onSearch(d.value)}
        aria-label={t('chatsPage.search')}
        data-testid="chat-search"
      />
      <div
        className={styles.list}
        data-testid="chat-list"
        onScroll={(e) => {
          const el = e.currentTarget
          if (props.hasMore && el.scrollHeight - el.scrollTop - el.clientHeight < INFINITE_SCROLL_THRESHOLD_PX)
            props.onMore()
        }}
      >
        {props.chats.map((c) => {
          const unreads = unreadsOf(c, props.meId)
          return (
            <button
              key={c.id}
              type="button"
              className={mergeClasses(styles.item, c.id === props.selectedId && styles.selected)}
              onClick={() => props.onOpen(c)}
              data-testid={`chat-item-${c.id}`}
              aria-current={c.id === props.selectedId ? 'true' : undefined}
            >
              <span className={styles.head}>
                <Body1Strong className={styles.title}>{c.title}</Body1Strong>
                {unreads > 0 && (
                  <CounterBadge
                    count={unreads}
                    size="small"
                    aria-label={t('chatsPage.unreads', { count: unreads })}
                    data-testid="chat-unreads"
                  />
                )}
              </span>
              <Caption1 className={styles.line}>
                {formatDateTime(c.updatedAt)}
                {c.lastMessage ? ` · ${c.lastMessage}` : ''}
              </Caption1>
            </button>
          )
        })}
        {props.loading && <Spinner size="small" />}
        {!props.loading && props.chats.length === 0 && (
          <EmptyState title={t('chatsPage.empty')} hint={t('chatsPage.emptyHint')} icon={<ChatRegular />} />
        )}
      </div>
    </div>
  )
}
