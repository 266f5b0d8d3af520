/**
 * Resolve (spec 1 §4, §5): with requiredTag enabled the contact must carry a
 * tag first ('You must assign a tag before closing the ticket'), picked here
 * and saved with POST /tags/sync; then close with the farewell or without it.
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, MultiSelectField, toastError, userAtom } from '@balcao/ui'
import type { TagOption, Ticket } from '../types.js'
import { companySetting, resolveTicket } from './calls.js'
import { loadTags, useList } from './data.js'

export function ResolveDialog(props: {
  ticket: Ticket
  open: boolean
  onClose: () => void
  onDone: (ticket: Ticket) => void
}) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)!
  const { ticket, open } = props
  const [required, setRequired] = useState<boolean | null>(null)
  const [contactTags, setContactTags] = useState<TagOption[]>([])
  const [picked, setPicked] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const [warn, setWarn] = useState(false)
  const allTags = useList(loadTags, open && !!required)

  useEffect(() => {
    if (!open) return
    setRequired(null)
    setPicked([])
    setWarn(false)
    let live = true
    void (async () => {
      const [setting, tags] = await Promise.all([
        companySetting('requiredTag'),
        api.get<TagOption[]>(`/contactTags/${ticket.contactId}`).catch(() => [] as TagOption[]),
      ])
      if (!live) return
      setContactTags(tags)
      setRequired(setting === 'enabled')
    })()
    return () => {
      live = false
    }
  }, [open, ticket.contactId])

  const tagged = contactTags.length > 0 || ticket.tags.length > 0 || picked.length > 0
  const blocked = !!required && !tagged

  const close = async (farewell: boolean) => {
    if (blocked) {
      setWarn(true)
      return
    }
    setBusy(true)
    try {
      if (picked.length) {
        const ids = [...new Set([...contactTags.map((g) => g.id), ...picked.map(Number)])]
        await api.post('/tags/sync', { contactId: ticket.contactId, tags: ids.map((id) => ({ id })) })
      }
      props.onDone(await resolveTicket(ticket, me, farewell))
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface aria-describedby={undefined} data-testid="resolve-dialog" style={{ maxWidth: 600 }}>
        <DialogBody>
          <DialogTitle>{t('inbox.actions.resolveTitle')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {required === null ? (
              <Spinner size="small" />
            ) : (
              <>
                <span>{t('inbox.actions.resolveText')}</span>
                {required && !(contactTags.length > 0 || ticket.tags.length > 0) && (
                  <>
                    <MessageBar intent={warn ? 'error' : 'warning'}>
                      <MessageBarBody>{t('inbox.actions.tagRequired')}</MessageBarBody>
                    </MessageBar>
                    <MultiSelectField
                      label={t('inbox.actions.tags')}
                      values={picked}
                      placeholder={t('inbox.actions.pickTags')}
                      options={allTags.map((g) => ({ value: String(g.id), label: g.name }))}
                      onChange={(v) => {
                        setPicked(v)
                        setWarn(false)
                      }}
                    />
                  </>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
              {t('inbox.actions.cancel')}
            </Button>
            <Button
              appearance="outline"
              disabled={busy || required === null}
              onClick={() => close(false)}
              data-testid="resolve-silent"
            >
              {t('inbox.actions.resolveWithoutFarewell')}
            </Button>
            <Button
              appearance="primary"
              disabled={busy || required === null}
              icon={busy ? <Spinner size="tiny" /> : undefined}
              onClick={() => close(true)}
              data-testid="resolve-confirm"
            >
              {t('inbox.actions.resolve')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
