/**
 * Accept (or reopen) a ticket that has no queue: the user picks one of their
 * queues first (every queue for admins), spec 1 §4.
 */
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useTranslation } from 'react-i18next'
import { FormDialog, SelectField, isAdmin, userAtom } from '@balcao/ui'
import { loadQueues, useList } from './data.js'

export function QueuePickDialog(props: {
  open: boolean
  title: string
  submitLabel: string
  onSubmit: (queueId: number) => Promise<unknown>
  onClose: () => void
}) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const all = useList(loadQueues, props.open && admin)
  const queues = admin ? all : (me?.queues ?? [])
  const [queueId, setQueueId] = useState('')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (props.open) {
      setQueueId(queues.length === 1 ? String(queues[0].id) : '')
      setError(null)
    }
    // reset when the dialog opens, not on every list refresh
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open])

  return (
    <FormDialog
      open={props.open}
      title={props.title}
      submitLabel={props.submitLabel}
      onClose={props.onClose}
      onSubmit={async () => {
        if (!queueId) return setError('inbox.actions.selectQueue')
        await props.onSubmit(Number(queueId))
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
    </FormDialog>
  )
}
