/**
 * /contacts (spec 1 §2): search by name or number, tag filter, infinite scroll,
 * import and export menu, block or unblock, delete (admins: contacts-page:deleteContact),
 * add and edit, and "open ticket" through a chosen connection, which lands on /tickets/{uuid}.
 * The ticket gets a queue (spec 1 §5): the user's only one, or the one picked in a dialog.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useLocation, useNavigate } from 'react-router'
import {
  Avatar,
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Option,
  Tooltip,
  makeStyles,
} from '@fluentui/react-components'
import {
  AddRegular,
  ArrowDownloadRegular,
  CalendarAddRegular,
  ArrowImportRegular,
  ChatAddRegular,
  LockClosedRegular,
  LockOpenRegular,
  TableArrowUpRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  isAdmin,
  realtime,
  toastError,
  toasts,
  userAtom,
  usePagedList,
  DeleteDialog,
  DataTable,
  Page,
  RowActions,
  RouteEmbed,
  routeEmbeds,
  downloadName,
  exportFile,
  type Column,
  type ExportProgress,
} from '@balcao/ui'
import { loadQueues } from '../actions/data.js'
import { QueuePickDialog } from '../actions/QueuePickDialog.js'
import { TagChip } from '@balcao/ui'
import { ContactEditDialog } from './ContactEditDialog.js'
import { ImportDialog } from './ImportDialog.js'
import { shownCount } from './shownCount.js'
import { ticketQueueChoice } from './ticketQueue.js'
import { conflictingTicket, type OpenTicketRef } from './transfer.js'
import { connectionsFor, type Connection, type Contact, type ContactTag, type ContactsPage } from './types.js'

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: '10px' },
  tags: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  actions: { display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' },
  tagFilter: { minWidth: '220px' },
})

export default function ContactsPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const navigate = useNavigate()
  const me = useAtomValue(userAtom)
  const admin = isAdmin(me)
  const [tagIds, setTagIds] = useState<string[]>([])
  const [tags, setTags] = useState<ContactTag[]>([])
  const [connections, setConnections] = useState<Connection[]>([])
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState<ExportProgress | null>(null)
  const [openElsewhere, setOpenElsewhere] = useState<OpenTicketRef | null>(null)
  const [askQueue, setAskQueue] = useState<{ contact: Contact; connection: Connection } | null>(null)
  // the schedules module's dialog for a contact (through the kit's route embeds; null without the module)
  const scheduler = routeEmbeds.component('/schedules')
  const [scheduling, setScheduling] = useState<Contact | null>(null)

  const list = usePagedList<Contact>(
    useCallback(
      async ({ search, page, signal }) => {
        const r = await api.get<ContactsPage>(
          '/contacts',
          {
            searchParam: search,
            pageNumber: page,
            contactTag: tagIds.length ? JSON.stringify(tagIds.map(Number)) : undefined,
          },
          signal
        )
        return { items: r.contacts, hasMore: r.hasMore, count: r.count }
      },
      [tagIds]
    ),
    { debounceMs: 0 }
  )
  const { upsert, remove, reload } = list
  // the command palette opens a contact as /contacts?search=<number>
  const { search: query } = useLocation()
  const setSearch = list.setSearch
  useEffect(() => {
    const q = new URLSearchParams(query).get('search')
    if (q) setSearch(q)
  }, [query, setSearch])

  // a new tag filter starts from page 1 (the loader already reads it)
  const firstFilter = useRef(true)
  useEffect(() => {
    if (firstFilter.current) {
      firstFilter.current = false
      return
    }
    reload()
  }, [tagIds, reload])

  useEffect(() => {
    api
      .get<ContactTag[]>('/tags/list', { kanban: 0 })
      .then(setTags)
      .catch(() => setTags([]))
    // the connections module may be missing: no "open ticket" choices then
    api
      .get<Connection[]>('/whatsapp', { session: 0 })
      .then(setConnections)
      .catch(() => setConnections([]))
  }, [])

  // realtime payloads always carry masked numbers: the row is read again with this reader's rights
  const shown = useRef<Set<number>>(new Set())
  shown.current = new Set(list.items.map((c) => c.id))
  const filtered = list.search !== '' || tagIds.length > 0
  const filteredRef = useRef(filtered)
  filteredRef.current = filtered
  // when this user saved a contact: a live refresh asked before that save ends with older data (no tags yet)
  const savedAt = useRef(new Map<number, number>())
  useEffect(() => {
    const refresh = (id: number, isNew: boolean) => {
      if (!id || (!isNew && !shown.current.has(id)) || (isNew && filteredRef.current)) return
      const asked = Date.now()
      api
        .get<Contact>(`/contacts/${id}`)
        .then((c) => {
          if ((savedAt.current.get(id) ?? 0) < asked) upsert(c)
        })
        .catch(() => {})
    }
    return realtime.on(realtime.companyEvent('contact'), (m) => {
      const payload = m.contact as { id?: number } | undefined
      const id = Number(payload?.id ?? m.contactId ?? 0)
      if (m.action === 'create') refresh(id, true)
      else if (m.action === 'update') refresh(id, false)
      else if (m.action === 'delete') remove(id)
      else if (m.action === 'reload') reload()
    })
  }, [upsert, remove, reload])

  useEffect(
    () =>
      realtime.on(realtime.companyEvent('tag'), (m) => {
        const tag = m.tag as ContactTag | undefined
        if ((m.action === 'create' || m.action === 'update') && tag)
          setTags((prev) => {
            const rest = prev.filter((x) => x.id !== tag.id)
            return tag.kanban ? rest : [...rest, tag].sort((a, b) => a.name.localeCompare(b.name))
          })
        if (m.action === 'delete') setTags((prev) => prev.filter((x) => x.id !== Number(m.tagId)))
      }),
    []
  )

  const toggleBlock = async (c: Contact) => {
    try {
      const saved = await api.put<Contact>(`/contacts/block/${c.id}`, { active: !c.active })
      upsert({ ...c, ...saved, tags: c.tags })
      toasts.success(saved.active ? t('inbox.contacts.unblockedToast') : t('inbox.contacts.blockedToast'))
    } catch (e) {
      toastError(e)
    }
  }

  /** the queue first: the user's only one at once, otherwise asked */
  const startTicket = async (c: Contact, w: Connection) => {
    const all = admin ? await loadQueues().catch(() => []) : []
    const choice = ticketQueueChoice(me?.queues ?? [], admin, all)
    if (choice.kind === 'use') return openTicket(c, w, choice.queueId)
    if (choice.kind === 'ask') return setAskQueue({ contact: c, connection: w })
    toasts.warning(t('inbox.contacts.noQueueToOpen'))
  }

  const openTicket = async (c: Contact, w: Connection, queueId: number) => {
    try {
      const ticket = await api.post<{ uuid: string }>('/tickets', {
        contactId: c.id,
        userId: me?.id,
        status: 'open',
        whatsappId: w.id,
        queueId,
      })
      navigate(`/tickets/${ticket.uuid}`)
    } catch (e) {
      const other = conflictingTicket(e)
      if (!other) return toastError(e)
      // spec 1 §4: someone else's ticket is only described; an own or unassigned one is opened
      if (other.userId && other.userId !== me?.id) setOpenElsewhere(other)
      else navigate(`/tickets/${other.uuid}`)
    }
  }

  /** The sheet is written by a job on the server (a million contacts is not a request's work): follow it, then download. */
  const exportSheet = async () => {
    setExporting({ done: 0, total: 0 })
    try {
      await exportFile('/contacts/exports', {}, downloadName(t('inbox.contacts.title'), 'xlsx'), setExporting)
    } catch (e) {
      toastError(e)
    } finally {
      setExporting(null)
    }
  }

  const columns: Column<Contact>[] = [
    {
      key: 'name',
      header: t('inbox.contacts.name'),
      render: (c) => (
        <span className={styles.name}>
          <Avatar size={32} name={c.name} image={c.urlPicture ? { src: c.urlPicture } : undefined} />
          <span>{c.name}</span>
          {c.isGroup && (
            <Badge appearance="outline" size="small">
              {t('inbox.contacts.group')}
            </Badge>
          )}
        </span>
      ),
    },
    { key: 'number', header: t('inbox.contacts.number'), render: (c) => c.number, width: '150px' },
    { key: 'email', header: t('inbox.contacts.email'), render: (c) => c.email ?? '' },
    {
      key: 'tags',
      header: t('inbox.contacts.tags'),
      render: (c) => (
        <span className={styles.tags}>
          {(c.tags ?? []).map((x) => (
            <TagChip key={x.id} name={x.name} color={x.color} />
          ))}
        </span>
      ),
    },
    {
      key: 'channel',
      header: t('inbox.contacts.channel'),
      width: '100px',
      render: (c) => t(`inbox.contacts.channels.${c.channel}`, { defaultValue: c.channel }),
    },
    {
      key: 'status',
      header: t('inbox.contacts.status'),
      width: '100px',
      render: (c) => (
        <Badge appearance="tint" color={c.active ? 'success' : 'danger'} data-testid={`contact-status-${c.id}`}>
          {c.active ? t('inbox.contacts.active') : t('inbox.contacts.blocked')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('inbox.contacts.actions'),
      align: 'end',
      width: '200px',
      render: (c) => {
        const reachable = connectionsFor(c.channel, connections)
        return (
          <span className={styles.actions}>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Tooltip content={t('inbox.contacts.openTicket')} relationship="label">
                  <Button appearance="subtle" icon={<ChatAddRegular />} data-testid={`open-ticket-${c.id}`} />
                </Tooltip>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  {reachable.length === 0 && <MenuItem disabled>{t('inbox.contacts.noConnection')}</MenuItem>}
                  {reachable.map((w) => (
                    <MenuItem key={w.id} onClick={() => void startTicket(c, w)} data-testid={`open-ticket-${c.id}-${w.id}`}>
                      {w.name} · {t(`inbox.contacts.channels.${w.channel}`, { defaultValue: w.channel })}
                    </MenuItem>
                  ))}
                </MenuList>
              </MenuPopover>
            </Menu>
            {scheduler && (
              <Tooltip content={t('inbox.contacts.schedule')} relationship="label">
                <Button
                  appearance="subtle"
                  icon={<CalendarAddRegular />}
                  onClick={() => setScheduling(c)}
                  data-testid={`schedule-contact-${c.id}`}
                />
              </Tooltip>
            )}
            <Tooltip content={c.active ? t('inbox.contacts.block') : t('inbox.contacts.unblock')} relationship="label">
              <Button
                appearance="subtle"
                icon={c.active ? <LockClosedRegular /> : <LockOpenRegular />}
                onClick={() => toggleBlock(c)}
                data-testid={`block-contact-${c.id}`}
              />
            </Tooltip>
            <RowActions
              onEdit={() => setEditing(c.id)}
              onDelete={admin ? () => setDeleting(c) : undefined}
              editId={`edit-contact-${c.id}`}
              deleteId={`delete-contact-${c.id}`}
            />
          </span>
        )
      },
    },
  ]

  const selectedTagNames = tags.filter((x) => tagIds.includes(String(x.id))).map((x) => x.name)
  return (
    <Page title={t('inbox.contacts.title')} count={shownCount(list)}>
      <DataTable
        ariaLabel={t('inbox.contacts.title')}
        columns={columns}
        {...list.table}
        getRowId={(c) => c.id}
        searchPlaceholder={t('inbox.contacts.search')}
        rowStyle={(c) => (c.active ? undefined : { opacity: 0.7 })}
        toolbar={
          <>
            <Dropdown
              className={styles.tagFilter}
              multiselect
              clearable
              placeholder={t('inbox.contacts.tagFilter')}
              aria-label={t('inbox.contacts.tagFilter')}
              value={selectedTagNames.join(', ')}
              selectedOptions={tagIds}
              onOptionSelect={(_, d) => setTagIds(d.selectedOptions)}
              data-testid="contact-tag-filter"
            >
              {tags.length === 0 && (
                <Option value="" disabled text={t('inbox.contacts.noTags')}>
                  {t('inbox.contacts.noTags')}
                </Option>
              )}
              {tags.map((x) => (
                <Option key={x.id} value={String(x.id)} text={x.name}>
                  <TagChip name={x.name} color={x.color} />
                </Option>
              ))}
            </Dropdown>
            {/* import and export are admin work (spec 2 §6 contacts-page:deleteContact); the server enforces it */}
            {admin && (
              <Menu>
                <MenuTrigger disableButtonEnhancement>
                  <Button icon={<TableArrowUpRegular />} data-testid="contacts-import-export">
                    {exporting
                      ? t('inbox.contacts.exporting', {
                          percent: exporting.total ? Math.round((100 * exporting.done) / exporting.total) : 0,
                        })
                      : t('inbox.contacts.importExport')}
                  </Button>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    <MenuItem
                      icon={<ArrowImportRegular />}
                      onClick={() => setImporting(true)}
                      data-testid="import-contacts"
                    >
                      {t('inbox.contacts.import')}
                    </MenuItem>
                    <MenuItem
                      icon={<ArrowDownloadRegular />}
                      onClick={exportSheet}
                      disabled={!!exporting}
                      data-testid="export-contacts"
                    >
                      {t('inbox.contacts.export')}
                    </MenuItem>
                  </MenuList>
                </MenuPopover>
              </Menu>
            )}
            <Button
              appearance="primary"
              icon={<AddRegular />}
              onClick={() => setEditing('new')}
              data-testid="add-contact"
            >
              {t('inbox.contacts.add')}
            </Button>
          </>
        }
      />
      <ContactEditDialog
        open={editing !== null}
        contactId={editing === 'new' || editing === null ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={(c) => {
          savedAt.current.set(c.id, Date.now())
          upsert(c)
        }}
      />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(r) => {
            if (r.created) reload()
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('inbox.contacts.deleteTitle', { name: deleting?.name })}
        path={(d) => `/contacts/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('inbox.contacts.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('inbox.contacts.deleteWarning')}
      </DeleteDialog>
      <QueuePickDialog
        open={!!askQueue}
        title={t('inbox.contacts.openTicketTitle', { name: askQueue?.contact.name ?? '' })}
        submitLabel={t('inbox.contacts.openTicket')}
        onClose={() => setAskQueue(null)}
        onSubmit={async (queueId) => {
          if (!askQueue) return
          const { contact, connection } = askQueue
          setAskQueue(null)
          await openTicket(contact, connection, queueId)
        }}
      />
      <Dialog open={!!openElsewhere} onOpenChange={(_, d) => !d.open && setOpenElsewhere(null)}>
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>{t('inbox.contacts.ticketOpenTitle')}</DialogTitle>
            <DialogContent>
              {t('inbox.contacts.ticketOpenWith', {
                user: openElsewhere?.user?.name ?? t('inbox.contacts.nobody'),
                queue: openElsewhere?.queue?.name ?? t('inbox.contacts.noQueue'),
              })}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setOpenElsewhere(null)}>
                {t('kit.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {scheduler && scheduling && (
        <RouteEmbed
          component={scheduler}
          route="/schedules"
          embed={{ contact: { id: scheduling.id, name: scheduling.name }, onClose: () => setScheduling(null) }}
        />
      )}
    </Page>
  )
}
