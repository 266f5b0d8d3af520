/**
 * New or edit chat (spec 3 §2, §5): a title and a user picker; save stays
 * disabled until both are given. The signed-in user is always a member, so
 * the picker offers the others.
 */
import { useEffect, useState } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { api, toasts, toastError, LONG_TOAST_MS, MultiSelectField, TextField } from '@balcao/ui'
import type { Chat } from './types.js'

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } })

export function ChatDialog(props: {
  chat: Chat | 'new' | null
  meId: number
  onSaved: (chat: Chat) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const editing = props.chat && props.chat !== 'new' ? props.chat : null
  const [title, setTitle] = useState('')
  const [users, setUsers] = useState<string[]>([])
  const [people, setPeople] = useState<{ id: number; name: string }[]>([])
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!props.chat) return
    setTitle(editing?.title ?? '')
    setUsers(editing ? editing.users.filter((u) => u.userId !== props.meId).map((u) => String(u.userId)) : [])
    api
      .get<{ id: number; name: string }[]>('/users/list')
      .then((list) => setPeople(list.filter((u) => u.id !== props.meId)))
      .catch(() => setPeople([]))
  }, [props.chat, props.meId, editing])

  const ready = title.trim().length > 0 && users.length > 0 && !busy
  const save = async () => {
    if (!ready) return
    setBusy(true)
    try {
      const body = { title: title.trim(), users: users.map(Number) }
      const saved = editing ? await api.put<Chat>(`/chats/${editing.id}`, body) : await api.post<Chat>('/chats', body)
      toasts.success(t('chatsPage.saved'), LONG_TOAST_MS)
      props.onSaved(saved)
    } catch (e) {
      toastError(e, LONG_TOAST_MS)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={props.chat !== null} onOpenChange={(_, d) => !d.open && !busy && props.onClose()}>
      <DialogSurface style={{ maxWidth: '520px' }} aria-describedby={undefined}>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{editing ? t('chatsPage.edit') : t('chatsPage.add')}</DialogTitle>
            <DialogContent className={styles.content}>
              <TextField
                label={t('chatsPage.titleField')}
                name="title"
                value={title}
                onChange={setTitle}
                autoFocus
                required
              />
              <MultiSelectField
                label={t('chatsPage.users')}
                hint={t('chatsPage.usersHint')}
                values={users}
                options={people.map((p) => ({ value: String(p.id), label: p.name }))}
                onChange={setUsers}
                required
              />
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={props.onClose} disabled={busy}>
                {t('kit.cancel')}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={!ready}
                data-testid="save-chat"
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {t('kit.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
