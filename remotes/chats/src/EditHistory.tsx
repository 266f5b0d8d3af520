/** "edited" on a message; opens its earlier texts (loaded when asked for). */
import { useState } from 'react'
import {
  Button,
  Caption1,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, formatDateTime } from '@balcao/ui'

const useStyles = makeStyles({
  trigger: {
    minWidth: 0,
    padding: 0,
    height: 'auto',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
  },
  surface: { maxWidth: '320px', display: 'flex', flexDirection: 'column', gap: '8px' },
  old: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    textDecoration: 'line-through',
    color: tokens.colorNeutralForeground2,
  },
})

export function EditHistory(props: { chatId: number; messageId: number }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [versions, setVersions] = useState<{ previous: string; replacedAt: string }[] | null>(null)
  return (
    <Popover
      withArrow
      onOpenChange={(_, d) => {
        if (!d.open) return
        setVersions(null)
        api
          .get<{ records: { previous: string; replacedAt: string }[] }>(
            `/chats/${props.chatId}/messages/${props.messageId}/edits`
          )
          .then((r) => setVersions(r.records))
          .catch(() => setVersions([]))
      }}
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="transparent" size="small" className={styles.trigger} data-testid="message-edited">
          {t('chatsPage.edited')}
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('chatsPage.editHistory')}>
        <Caption1>{t('chatsPage.editHistory')}</Caption1>
        {versions === null ? (
          <Spinner size="tiny" />
        ) : (
          versions.map((v, i) => (
            <div key={i} data-testid="message-version">
              <Caption1>{formatDateTime(v.replacedAt)}</Caption1>
              <div className={styles.old}>{v.previous}</div>
            </div>
          ))
        )}
      </PopoverSurface>
    </Popover>
  )
}
