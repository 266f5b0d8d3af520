/**
 * Announcements from the super user (spec 3): the active ones, kept live by the
 * 'company-announcement' event; priority 1 red, 2 orange, 3 grey border.
 */
import { useEffect, useState } from 'react'
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components'
import { MegaphoneRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, realtime, EmptyState } from '@balcao/ui'
import { HeaderPopover } from './HeaderPopover.js'
import { notifyDesktop } from '../notify/desktop.js'

export interface Announcement {
  id: number
  title: string
  text: string
  priority: 1 | 2 | 3
  status: boolean
  mediaPath?: string | null
  mediaName?: string | null
  createdAt?: string
}

export const PRIORITY_COLOURS: Record<number, string> = {
  1: tokens.colorPaletteRedBorder2,
  2: tokens.colorPaletteDarkOrangeBorder2,
  3: tokens.colorNeutralStroke1,
}

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    borderLeftWidth: '4px',
    borderLeftStyle: 'solid',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  text: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
  image: { maxWidth: '100%', borderRadius: tokens.borderRadiusMedium },
})

export function AnnouncementsPopover() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [items, setItems] = useState<Announcement[]>([])
  const [unseen, setUnseen] = useState(0)

  useEffect(() => {
    // the list is a module's route; without the module there is nothing to show
    api
      .get<{ records: Announcement[] }>('/announcements', { pageNumber: 1 })
      .then((r) => setItems((r.records ?? []).filter((a) => a.status !== false)))
      .catch(() => {})
    return realtime.on('company-announcement', (m) => {
      const record = m.record as Announcement | undefined
      if ((m.action === 'create' || m.action === 'update') && record) {
        setItems((list) => {
          const rest = list.filter((a) => a.id !== record.id)
          return record.status === false ? rest : [record, ...rest]
        })
        if (m.action === 'create' && record.status !== false) {
          setUnseen((n) => n + 1)
          notifyDesktop({ title: record.title, body: record.text, tag: `announcement-${record.id}` })
        }
      }
      if (m.action === 'delete') setItems((list) => list.filter((a) => a.id !== (m.id ?? record?.id)))
    })
  }, [])

  const sorted = [...items].sort((a, b) => a.priority - b.priority || b.id - a.id)
  return (
    <HeaderPopover
      label={t('layout.announcements')}
      icon={<MegaphoneRegular />}
      count={unseen}
      testId="announcements"
      onOpen={() => setUnseen(0)}
    >
      {sorted.length === 0 ? (
        <EmptyState title={t('layout.noAnnouncements')} hint="" icon={<MegaphoneRegular />} />
      ) : (
        <div className={styles.list}>
          {sorted.map((a) => (
            <article
              key={a.id}
              className={styles.item}
              style={{ borderLeftColor: PRIORITY_COLOURS[a.priority] ?? PRIORITY_COLOURS[3] }}
              data-testid="announcement-item"
              data-priority={a.priority}
            >
              <Body1 className={styles.title}>{a.title}</Body1>
              <Caption1>{t(`priority.${a.priority}`)}</Caption1>
              <Body1 className={styles.text}>{a.text}</Body1>
              {a.mediaPath && <img className={styles.image} src={a.mediaPath} alt={a.mediaName ?? ''} loading="lazy" />}
            </article>
          ))}
        </div>
      )}
    </HeaderPopover>
  )
}
