/**
 * New ticket (spec 1 §2, §4, §5): a contact (searched from 3 characters), a
 * queue ('Selecione uma fila') and a connection are required. When the
 * contact already has a live ticket, the same owner goes to it and another
 * owner is named in the 'ticket already open' dialog.
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { api, FormDialog, SelectField, isAdmin, isApiError, toastError, userAtom } from '@balcao/ui'
import type { ConflictTicket, ContactOption, Ticket, TicketPage } from '../types.js'
import { conflictTicket } from './calls.js'
import { loadConnections, loadQueues, useList } from './data.js'
import { AlreadyOpenDialog } from './AlreadyOpenDialog.js'
import { SearchPicker, type PickerItem } from './SearchPicker.js'

const LIVE = ['open', 'pending', 'group', 'nps', 'lgpd']

/** The contact's live ticket among those the user may see (when the error carried none). */
async function findLiveTicket(contact: PickerItem): Promise<Ticket | null> {
  const r = await api.get<TicketPage>('/tickets', {
    status: 'search',
    searchParam: contact.label,
    showAll: true,
    pageNumber: 1,
  })
  return r.tickets.find((x) => x.contactId === contact.id && LIVE.includes(x.status)) ?? null
}

export function NewTicketDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const me = useAtomValue(userAtom)
  const navigate = useNavigate()
  const admin = isAdmin(me)
  const allQueues = useList(loadQueues, open && admin)
  const queues = admin ? allQueues : (me?.queues ?? [])
  const connections = useList(loadConnections, open)
  const [contact, setContact] = useState<PickerItem | null>(null)
  const [queueId, setQueueId] = useState('')
  const [whatsappId, setWhatsappId] = useState('')
  const [errors, setErrors] = useState<Record<string, string | null>>({})
  const [conflict, setConflict] = useState<ConflictTicket | 'unknown' | null>(null)

  useEffect(() => {
    if (!open) return
    setContact(null)
    setQueueId(me?.queues.length === 1 ? String(me.queues[0].id) : '')
    setWhatsappId(me?.whatsappId ? String(me.whatsappId) : '')
    setErrors({})
  }, [open, me])

  // the only connection is the obvious choice
  useEffect(() => {
    if (open && !whatsappId && connections.length === 1) setWhatsappId(String(connections[0].id))
  }, [open, whatsappId, connections])

  const searchContacts = useCallback(async (term: string, signal: AbortSignal) => {
    const r = await api.get<{ contacts: ContactOption[] }>('/contacts', { searchParam: term, pageNumber: 1 }, signal)
    return r.contacts.map((c) => ({ id: c.id, label: c.name, hint: c.number }))
  }, [])

  const submit = async () => {
    const next = {
      contact: contact ? null : 'validation.required',
      queue: queueId ? null : 'inbox.actions.selectQueue',
      whatsapp: whatsappId ? null : 'inbox.actions.selectConnection',
    }
    setErrors(next)
    if (Object.values(next).some(Boolean) || !contact || !me) return
    try {
      const created = await api.post<Ticket>('/tickets', {
        contactId: contact.id,
        queueId: Number(queueId),
        whatsappId: Number(whatsappId),
        userId: me.id,
        status: 'open',
      })
      onClose()
      navigate(`/tickets/${created.uuid}`)
    } catch (e) {
      if (!isApiError(e) || e.status !== 409) return toastError(e)
      const live = conflictTicket(e) ?? (await findLiveTicket(contact).catch(() => null))
      onClose()
      if (live && live.userId === me.id && 'uuid' in live && live.uuid) navigate(`/tickets/${live.uuid}`)
      else setConflict(live ?? 'unknown')
    }
  }

  return (
    <>
      <FormDialog
        open={open}
        title={t('inbox.actions.newTicketTitle')}
        submitLabel={t('inbox.actions.create')}
        onClose={onClose}
        onSubmit={submit}
      >
        <SearchPicker
          label={t('inbox.actions.contact')}
          placeholder={t('inbox.actions.searchContact')}
          required
          value={contact}
          error={errors.contact}
          onChange={(c) => {
            setContact(c)
            setErrors((x) => ({ ...x, contact: null }))
          }}
          search={searchContacts}
          testId="new-ticket-contact"
        />
        <SelectField
          label={t('inbox.actions.queue')}
          required
          value={queueId}
          error={errors.queue}
          placeholder={t('inbox.actions.selectQueue')}
          options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
          onChange={(v) => {
            setQueueId(v)
            setErrors((x) => ({ ...x, queue: null }))
          }}
        />
        <SelectField
          label={t('inbox.actions.connection')}
          required
          value={whatsappId}
          error={errors.whatsapp}
          placeholder={t('inbox.actions.selectConnection')}
          options={connections.map((c) => ({ value: String(c.id), label: c.name }))}
          onChange={(v) => {
            setWhatsappId(v)
            setErrors((x) => ({ ...x, whatsapp: null }))
          }}
        />
      </FormDialog>
      <AlreadyOpenDialog ticket={conflict} onClose={() => setConflict(null)} />
    </>
  )
}
