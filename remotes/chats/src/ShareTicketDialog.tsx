/**
 * "Share this ticket" (the ticket workspace embeds it): pick one of the
 * user's chats, add a word if wanted; the server posts a link to the ticket
 * and refuses a ticket the user may not see.
 */
import { useEffect, useState } from 'react'
import { Caption1, Field, Radio, RadioGroup, Textarea, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, toastError, toasts, FormDialog, EmptyState } from '@balcao/ui'
import type { Chat } from './types.js'

const useStyles = makeStyles({ list: { maxHeight: '40vh', overflowY: 'auto' } })

export function ShareTicketDialog(props: { ticketId: number; onClose: () => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [chats, setChats] = useState<Chat[] | null>(null)
  const [chatId, setChatId] = useState('')
  const [note, setNote] = useState('')

  useEffect(() => {
    api
      .get<{ records: Chat[] }>('/chats', { pageNumber: 1 })
      .then((r) => setChats(r.records ?? []))
      .catch((e) => {
        toastError(e)
        setChats([])
      })
  }, [])

  const submit = async () => {
    const chat = chats?.find((c) => String(c.id) === chatId)
    if (!chat) return
    try {
      await api.post(`/chats/${chat.id}/share-ticket`, { ticketId: props.ticketId, message: note.trim() || undefined })
      toasts.success(t('chatsPage.shared', { title: chat.title }))
      props.onClose()
    } catch (e) {
      toastError(e)
    }
  }

  return (
    <FormDialog
      open
      title={t('chatsPage.shareTitle', { id: props.ticketId })}
      submitLabel={t('chatsPage.share')}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Caption1>{t('chatsPage.shareHint')}</Caption1>
      {chats && chats.length === 0 ? (
        <EmptyState title={t('chatsPage.empty')} hint={t('chatsPage.emptyHint')} />
      ) : (
        <RadioGroup
          className={styles.list}
          value={chatId}
          onChange={(_, d) => setChatId(d.value)}
          data-testid="share-ticket-chats"
        >
          {(chats ?? []).map((c) => (
            <Radio key={c.id} value={String(c.id)} label={c.title} />
          ))}
        </RadioGroup>
      )}
      <Field label={t('chatsPage.shareNote')}>
        <Textarea value={note} onChange={(_, d) => setNote(d.value)} maxLength={5000} resize="vertical" />
      </Field>
    </FormDialog>
  )
}
