/**
 * Transfer (spec 1 §4, §5): a queue is required; an attendant is optional
 * (searched from 3 characters); an optional message is stored as a private
 * note. Without an attendant the ticket goes back to pending in that queue.
 */
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api, FormDialog, SelectField, TextField, toastError } from '@balcao/ui'
import type { Ticket } from '../types.js'
import { transferTicket } from './calls.js'
import { loadQueues, useList } from './data.js'
import { SearchPicker, type PickerItem } from './SearchPicker.js'

interface UserRow {
  id: number
  name: string
  email?: string
  queues?: { id: number }[]
}

export function TransferDialog(props: {
  ticket: Ticket
  open: boolean
  onClose: () => void
  onDone: (ticket: Ticket) => void
}) {
  const { t } = useTranslation()
  const queues = useList(loadQueues, props.open)
  const [queueId, setQueueId] = useState('')
  const [user, setUser] = useState<PickerItem | null>(null)
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!props.open) return
    setQueueId('')
    setUser(null)
    setMessage('')
    setError(null)
  }, [props.open])

  const searchUsers = useCallback(
    async (term: string, signal: AbortSignal) => {
      const r = await api.get<{ users: UserRow[] }>('/users', { searchParam: term, pageNumber: 1 }, signal)
      const inQueue = (u: UserRow) => !queueId || !u.queues || u.queues.some((q) => String(q.id) === queueId)
      return r.users.filter(inQueue).map((u) => ({ id: u.id, label: u.name, hint: u.email }))
    },
    [queueId]
  )

  return (
    <FormDialog
      open={props.open}
      title={t('inbox.actions.transferTitle')}
      submitLabel={t('inbox.actions.transfer')}
      onClose={props.onClose}
      onSubmit={async () => {
        if (!queueId) return setError('inbox.actions.selectQueue')
        try {
          const updated = await transferTicket(props.ticket, Number(queueId), user?.id ?? null, message)
          props.onDone(updated)
        } catch (e) {
          toastError(e)
        }
      }}
    >
      <SelectField
        label={t('inbox.actions.queue')}
        required
        value={queueId}
        error={error}
        placeholder={t('inbox.actions.selectQueue')}
        options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
        onChange={(v) => {
          setQueueId(v)
          setError(null)
        }}
      />
      <SearchPicker
        label={t('inbox.actions.transferUser')}
        placeholder={t('inbox.actions.searchUser')}
        value={user}
        onChange={setUser}
        search={searchUsers}
        testId="transfer-user"
      />
      <TextField
        label={t('inbox.actions.transferMessage')}
        value={message}
        onChange={setMessage}
        multiline
        rows={3}
      />
    </FormDialog>
  )
}
