/**
 * /queues (spec 2 §2, open to every signed-in user): the queues table; admins
 * also get the add/edit dialog and delete (the server refuses them to others).
 */
import { useCallback, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  api,
  realtime,
  userAtom,
  isAdmin,
  DeleteDialog,
  DataTable,
  Page,
  RowActions,
  type Column,
} from '@balcao/ui'
import { QueueDialog } from './QueueDialog.js'
import type { Queue } from './types.js'

const GREETING_EXCERPT = 60

const useStyles = makeStyles({
  swatch: {
    display: 'inline-block',
    width: '48px',
    height: '20px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    verticalAlign: 'middle',
  },
  muted: { color: tokens.colorNeutralForeground3 },
})

/** The bot's order first (empty last), then by name: the server's order. */
const byOrder = (a: Queue, b: Queue) =>
  (a.orderQueue ?? Number.MAX_SAFE_INTEGER) - (b.orderQueue ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name)

export function QueuesPage() {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const admin = me ? isAdmin(me) : false
  const [queues, setQueues] = useState<Queue[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<unknown>(null)
  const [editing, setEditing] = useState<Queue | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Queue | null>(null)

  const load = useCallback(() => {
    setLoading(true)
    setError(null)
    api
      .get<Queue[]>('/queue')
      .then((list) => setQueues([...list].sort(byOrder)))
      .catch(setError)
      .finally(() => setLoading(false))
  }, [])

  useEffect(() => {
    load()
  }, [load])

  const upsert = useCallback(
    (q: Queue) => setQueues((list) => [...list.filter((x) => x.id !== q.id), q].sort(byOrder)),
    []
  )
  const remove = useCallback((id: number) => setQueues((list) => list.filter((x) => x.id !== id)), [])

  // other admins' changes arrive live (modules/queues emits company-{id}-queue)
  useEffect(
    () =>
      realtime.on(realtime.companyEvent('queue'), (m) => {
        const q = m.queue as Queue | undefined
        if (m.action === 'update' && q) upsert(q)
        if (m.action === 'delete') remove(Number(m.queueId))
      }),
    [upsert, remove]
  )

  const excerpt = (text: string | null) =>
    !text ? '' : text.length > GREETING_EXCERPT ? `${text.slice(0, GREETING_EXCERPT - 1)}…` : text

  const columns: Column<Queue>[] = [
    { key: 'id', header: t('queuesPage.id'), render: (q) => q.id, width: '70px' },
    { key: 'name', header: t('queuesPage.name'), render: (q) => q.name },
    {
      key: 'color',
      header: t('queuesPage.color'),
      width: '110px',
      render: (q) => (
        <span className={styles.swatch} style={{ backgroundColor: q.color }} title={q.color} aria-label={q.color} />
      ),
    },
    {
      key: 'order',
      header: t('queuesPage.order'),
      width: '90px',
      render: (q) => q.orderQueue ?? <span className={styles.muted}>–</span>,
    },
    { key: 'greeting', header: t('queuesPage.greeting'), render: (q) => excerpt(q.greetingMessage) },
  ]
  if (admin)
    columns.push({
      key: 'actions',
      header: t('queuesPage.actions'),
      align: 'end',
      width: '110px',
      render: (q) => (
        <RowActions
          onEdit={() => setEditing(q)}
          onDelete={() => setDeleting(q)}
          editId={`edit-queue-${q.id}`}
          deleteId={`delete-queue-${q.id}`}
        />
      ),
    })

  return (
    <Page
      title={t('queuesPage.title')}
      count={queues.length}
      actions={
        admin && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="add-queue">
            {t('queuesPage.add')}
          </Button>
        )
      }
    >
      <DataTable
        ariaLabel={t('queuesPage.title')}
        columns={columns}
        items={queues}
        getRowId={(q) => q.id}
        loading={loading}
        error={error}
        onRetry={load}
        emptyTitle={t('queuesPage.empty')}
      />
      {editing && (
        <QueueDialog
          queue={editing === 'new' ? null : editing}
          queues={queues}
          onClose={() => setEditing(null)}
          onSaved={(q) => {
            upsert(q)
            setEditing(null)
          }}
        />
      )}
      <DeleteDialog
        item={deleting}
        title={t('queuesPage.deleteTitle', { name: deleting?.name })}
        path={(d) => `/queue/${d.id}`}
        onDeleted={(d) => remove(d.id)}
        successText={t('queuesPage.deleted')}
        onClose={() => setDeleting(null)}
      >
        {t('queuesPage.deleteWarning')}
      </DeleteDialog>
    </Page>
  )
}
