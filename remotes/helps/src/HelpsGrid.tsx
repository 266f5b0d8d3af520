/**
 * /helps: a grid of video cards; a click opens a modal with the embedded
 * player (Escape closes it, as every Fluent dialog does).
 */
import { useEffect, useState } from 'react'
import {
  Body1,
  Button,
  Caption1,
  Card,
  CardHeader,
  CardPreview,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { PlayCircleRegular, VideoClipRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { api, EmptyState, ErrorState, Page } from '@balcao/ui'

export interface Help {
  id: number
  title: string
  description: string | null
  video: string | null
  link: string | null
}

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '16px' },
  card: { cursor: 'pointer' },
  preview: {
    position: 'relative',
    aspectRatio: '16 / 9',
    backgroundColor: tokens.colorNeutralBackground3,
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
  },
  thumb: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' },
  play: {
    position: 'relative',
    fontSize: '48px',
    color: tokens.colorNeutralForegroundOnBrand,
    filter: 'drop-shadow(0 1px 3px rgba(0,0,0,.5))',
  },
  player: { width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: tokens.borderRadiusMedium },
  description: { color: tokens.colorNeutralForeground3 },
})

/** Only a YouTube video id is embedded (never a free URL). */
const videoId = (code: string | null) => (code && /^[\w-]{6,20}$/.test(code.trim()) ? code.trim() : null)

export function HelpsGrid() {
  const { t } = useTranslation()
  const styles = useStyles()
  const [helps, setHelps] = useState<Help[] | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [open, setOpen] = useState<Help | null>(null)

  useEffect(() => {
    api.get<Help[]>('/helps').then(setHelps).catch(setError)
  }, [])

  return (
    <Page title={t('helpsPage.title')}>
      {error ? (
        <ErrorState error={error} />
      ) : !helps ? (
        <Spinner />
      ) : helps.length === 0 ? (
        <EmptyState title={t('helpsPage.empty')} hint={t('helpsPage.emptyHint')} icon={<VideoClipRegular />} />
      ) : (
        <div className={styles.grid}>
          {helps.map((h) => {
            const id = videoId(h.video)
            return (
              <Card
                key={h.id}
                className={styles.card}
                onClick={() => setOpen(h)}
                aria-label={t('helpsPage.watch', { title: h.title })}
                data-testid="help-card"
              >
                <CardPreview className={styles.preview}>
                  {id && (
                    <img
                      className={styles.thumb}
                      src={`https://img.youtube.com/vi/${id}/mqdefault.jpg`}
                      alt=""
                      loading="lazy"
                    />
                  )}
                  <PlayCircleRegular className={styles.play} />
                </CardPreview>
                <CardHeader
                  header={
                    <Body1>
                      <b>{h.title}</b>
                    </Body1>
                  }
                  description={<Caption1 className={styles.description}>{h.description}</Caption1>}
                />
              </Card>
            )
          })}
        </div>
      )}
      <Dialog open={!!open} onOpenChange={(_, d) => !d.open && setOpen(null)}>
        <DialogSurface style={{ maxWidth: 900 }} data-testid="help-player">
          <DialogBody>
            <DialogTitle>{open?.title}</DialogTitle>
            <DialogContent>
              {open && videoId(open.video) && (
                <iframe
                  className={styles.player}
                  src={`https://www.youtube.com/embed/${videoId(open.video)}?autoplay=1`}
                  title={open.title}
                  allow="autoplay; encrypted-media; picture-in-picture"
                  allowFullScreen
                />
              )}
              {open?.description && <Body1 as="p">{open.description}</Body1>}
            </DialogContent>
            <DialogActions>
              {open?.link && (
                <Link href={open.link} target="_blank" rel="noreferrer">
                  {t('helpsPage.openLink')}
                </Link>
              )}
              <Button appearance="primary" onClick={() => setOpen(null)}>
                {t('helpsPage.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Page>
  )
}
