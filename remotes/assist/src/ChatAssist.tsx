/**
 * The chat's AI menu (embedded by the inbox's composer through a route embed,
 * never imported): summarise the ticket, suggest three replies, improve the
 * draft. Hidden while the company has no key (or the plan lacks useOpenAi:
 * then the shell has no route to embed at all). Nothing here sends a message:
 * a suggestion goes into the composer, an improved text replaces the draft
 * only when the agent accepts it, and the agent presses Send.
 */
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ChatMultipleRegular, SparkleRegular, TextBulletListSquareRegular, WandRegular } from '@fluentui/react-icons'
import { toastError, toasts } from '@balcao/ui'
import { ask, jobError, useAssistStatus, type AssistJob, type AssistKind } from './calls.js'

export interface ChatAssistEmbed {
  ticketId: number
  /** the composer's current text (what "improve" works on) */
  draft: string
  /** puts a text in the composer; never sends */
  onDraft: (text: string) => void
  /** the composer is disabled (a pending or closed ticket, a send in flight): the summary stays available */
  disabled?: boolean
}

const useStyles = makeStyles({
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  list: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '8px' },
  // a suggestion is a large, left-aligned button: the whole text is the target
  suggestion: {
    justifyContent: 'flex-start',
    textAlign: 'left',
    whiteSpace: 'pre-wrap',
    height: 'auto',
    padding: '8px 12px',
    fontWeight: tokens.fontWeightRegular,
  },
  compare: { display: 'grid', gap: '12px', gridTemplateColumns: '1fr', marginTop: '4px' },
  box: {
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  notice: { color: tokens.colorNeutralForeground3, display: 'block', marginTop: '8px' },
})

export function ChatAssist(props: ChatAssistEmbed) {
  const { t } = useTranslation()
  const status = useAssistStatus()
  const [busy, setBusy] = useState<AssistKind | null>(null)
  const [shown, setShown] = useState<AssistJob | null>(null)
  // the draft "improve" was asked for: the answer is compared with it, not with what was typed since
  const [asked, setAsked] = useState('')
  // an answer that arrives after the agent moved to another ticket is dropped
  const ticketRef = useRef(props.ticketId)
  useEffect(() => {
    ticketRef.current = props.ticketId
    setShown(null)
  }, [props.ticketId])

  if (!status?.configured) return null

  const run = async (kind: AssistKind) => {
    const draft = props.draft.trim()
    if (kind === 'improve' && !draft) {
      toasts.info(t('assist.improveNeedsText'), { timeout: 4000 })
      return
    }
    const ticketId = props.ticketId
    setBusy(kind)
    setAsked(draft)
    try {
      const job = await ask(ticketId, kind, draft)
      if (ticketRef.current !== ticketId) return
      if (job.status === 'failed') toastError(jobError(job))
      else setShown(job)
    } catch (e) {
      if (e instanceof Error && e.message === 'timeout') toasts.error(t('assist.timeout'))
      else toastError(e)
    } finally {
      setBusy(null)
    }
  }

  const use = (text: string) => {
    props.onDraft(text)
    setShown(null)
  }

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      toasts.success(t('assist.copied'), 2000)
    } catch (e) {
      toastError(e)
    }
  }

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={busy ? t('assist.working') : t('assist.menuLabel')} relationship="label">
            <Button
              appearance="subtle"
              icon={busy ? <Spinner size="tiny" /> : <SparkleRegular />}
              disabled={busy !== null}
              aria-busy={busy !== null}
              data-testid="assist-menu"
            />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem
              icon={<TextBulletListSquareRegular />}
              onClick={() => void run('summary')}
              data-testid="assist-summary"
            >
              {t('assist.summary')}
            </MenuItem>
            <MenuItem
              icon={<ChatMultipleRegular />}
              disabled={props.disabled}
              onClick={() => void run('suggestions')}
              data-testid="assist-suggest"
            >
              {t('assist.suggest')}
            </MenuItem>
            <MenuItem
              icon={<WandRegular />}
              disabled={props.disabled}
              onClick={() => void run('improve')}
              data-testid="assist-improve"
            >
              {t('assist.improve')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>

      <AssistResultDialog
        shown={shown}
        asked={asked}
        onClose={() => setShown(null)}
        onUse={use}
        onCopy={(x) => void copy(x)}
      />
    </>
  )
}

/**
 * The answer of a finished job (summary, three suggestions, or the draft and
 * its improved text side by side); closed while `shown` is null. Drawn from
 * props only, so it can be shown without a server.
 */
export function AssistResultDialog(props: {
  shown: AssistJob | null
  /** the draft "improve" was asked for */
  asked: string
  onClose: () => void
  /** puts a suggestion or the improved text in the composer */
  onUse: (text: string) => void
  onCopy: (text: string) => void
}) {
  const { t } = useTranslation()
  const s = useStyles()
  const { shown, asked } = props
  const text = shown?.result?.text ?? ''
  return (
    <Dialog open={shown !== null} onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface data-testid={shown ? `assist-${shown.kind}-dialog` : undefined}>
        <DialogBody>
          <DialogTitle>
            {shown?.kind === 'summary'
              ? t('assist.summaryTitle')
              : shown?.kind === 'suggestions'
                ? t('assist.suggestionsTitle')
                : t('assist.improveTitle')}
          </DialogTitle>
          <DialogContent>
            {shown?.kind === 'summary' && <Body1 className={s.text}>{text}</Body1>}
            {shown?.kind === 'suggestions' && (
              <>
                <Caption1>{t('assist.suggestionsHelp')}</Caption1>
                <div className={s.list}>
                  {(shown.result?.suggestions ?? []).map((sg, i) => (
                    <Button
                      key={i}
                      className={s.suggestion}
                      onClick={() => props.onUse(sg)}
                      data-testid="assist-suggestion"
                    >
                      {sg}
                    </Button>
                  ))}
                </div>
              </>
            )}
            {shown?.kind === 'improve' && (
              <div className={s.compare}>
                <div>
                  <Caption1>{t('assist.yours')}</Caption1>
                  <div className={s.box}>{asked}</div>
                </div>
                <div>
                  <Caption1>{t('assist.improved')}</Caption1>
                  <div className={s.box} data-testid="assist-improved">
                    {text}
                  </div>
                </div>
              </div>
            )}
            <Caption1 className={s.notice}>{t('assist.aiNotice')}</Caption1>
          </DialogContent>
          <DialogActions>
            {shown?.kind === 'summary' && <Button onClick={() => props.onCopy(text)}>{t('assist.copy')}</Button>}
            {shown?.kind === 'improve' ? (
              <>
                <Button onClick={() => props.onClose()} data-testid="assist-keep">
                  {t('assist.keep')}
                </Button>
                <Button appearance="primary" onClick={() => props.onUse(text)} data-testid="assist-replace">
                  {t('assist.replace')}
                </Button>
              </>
            ) : (
              <Button appearance={shown?.kind === 'summary' ? 'primary' : 'secondary'} onClick={() => props.onClose()}>
                {t('assist.close')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
