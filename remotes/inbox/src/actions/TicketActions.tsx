/**
 * The ticket's action buttons and their dialogs (accept with queue choice, ignore,
 * resolve, reopen, return to queue, transfer, schedule, delete, log). Used by the chat
 * header; `onChanged` receives the updated ticket, or null when it was deleted.
 * `menuItems` (the chat's own: forward, send contact, PDF) join the one ⋮ menu.
 * Navigation follows spec 1 §2 (see navigation.ts).
 */
import { useState, type ComponentType, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router'
import {
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
} from '@fluentui/react-components'
import {
  ArrowForwardRegular,
  ArrowUndoRegular,
  CalendarClockRegular,
  CheckmarkRegular,
  DeleteRegular,
  DismissRegular,
  BotRegular,
  HistoryRegular,
  ShareRegular,
  MoreVerticalRegular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import {
  ConfirmDialog,
  RouteEmbed,
  provides,
  routeEmbeds,
  toastError,
  toasts,
  useModulesManifest,
  useShortcut,
  userAtom,
  type RouteEmbedProps,
} from '@balcao/ui'
import type { ConflictTicket, Ticket } from '../types.js'
import {
  acceptTicket,
  deleteTicket,
  ignoreTicket,
  mayDelete,
  mayIgnore,
  reopenTicket,
  returnToQueue,
  setUseIntegration,
} from './calls.js'
import { nextPath, type ActionKind } from './navigation.js'
import { AlreadyOpenDialog } from './AlreadyOpenDialog.js'
import { QueuePickDialog } from './QueuePickDialog.js'
import { ResolveDialog } from './ResolveDialog.js'
import { TransferDialog } from './TransferDialog.js'
import { TicketLogDialog } from './TicketLogDialog.js'

const useStyles = makeStyles({
  // one row beside the contact: on a phone the labels give way before anything wraps
  bar: { display: 'flex', alignItems: 'center', gap: '4px', flexWrap: 'nowrap', flexShrink: 0 },
})

type Open = 'accept' | 'reopen' | 'resolve' | 'transfer' | 'delete' | 'log' | null

export function TicketActions({
  ticket,
  onChanged,
  menuItems,
}: {
  ticket: Ticket
  onChanged: (ticket: Ticket | null) => void
  /** more entries of the ⋮ menu, put first */
  menuItems?: ReactNode
}) {
  const { t } = useTranslation()
  const styles = useStyles()
  const me = useAtomValue(userAtom)
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<Open>(null)
  const [busy, setBusy] = useState(false)
  const [conflict, setConflict] = useState<ConflictTicket | null>(null)
  // the schedules module's dialog for this contact, when the plan has it (spec 1 §2 schedule modal)
  const [scheduler, setScheduler] = useState<ComponentType<RouteEmbedProps<any>> | null>(null)
  // the internal chat's "share this ticket" dialog, when the plan has the chats module
  const [sharer, setSharer] = useState<ComponentType<RouteEmbedProps<any>> | null>(null)
  const chatShare = routeEmbeds.component('/chats')
  // the integration toggle, when the plan has the integrations module
  const manifest = useModulesManifest()
  const integrations = !!manifest && provides(manifest.modules, 'queueIntegrations')
  // Alt+A / Alt+E do what the Accept and Resolve buttons do (run when pressed, after this render)
  const idle = !!me && !busy && dialog === null
  useShortcut(
    idle &&
      ticket.status === 'pending' && {
        id: 'inbox.ticket.accept',
        keys: 'alt+a',
        group: 'ticket',
        label: t('shortcuts.acceptTicket'),
        run: () => (ticket.queueId ? run('accept', () => acceptTicket(ticket, me)) : setDialog('accept')),
      }
  )
  useShortcut(
    idle &&
      (ticket.status === 'open' || ticket.status === 'group') && {
        id: 'inbox.ticket.resolve',
        keys: 'alt+e',
        group: 'ticket',
        label: t('shortcuts.resolveTicket'),
        run: () => setDialog('resolve'),
      }
  )
  if (!me) return null
  const openSchedule = () => {
    const embed = routeEmbeds.component('/schedules')
    if (embed && ticket.contact) setScheduler(() => embed)
    else toasts.info(t('inbox.actions.scheduleUnavailable'), { timeout: 3000 })
  }

  const done = (kind: ActionKind, after: Ticket | null) => {
    setDialog(null)
    onChanged(after)
    navigate(nextPath(kind, after))
  }

  const run = async (kind: ActionKind, call: () => Promise<Ticket>) => {
    setBusy(true)
    try {
      done(kind, await call())
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const reopen = async (queueId?: number) => {
    try {
      const result = await reopenTicket(ticket, me, queueId)
      // a different ticket is the contact's live one (spec 1 §4)
      if (result.id !== ticket.id) {
        setDialog(null)
        if (result.userId === me.id) navigate(`/tickets/${result.uuid}`)
        else setConflict(result)
        return
      }
      done('reopen', result)
    } catch (e) {
      toastError(e)
    }
  }

  // turned off, the integration stops answering this ticket; on again, it takes the next message
  const toggleIntegration = async () => {
    setBusy(true)
    try {
      const after = await setUseIntegration(ticket, !ticket.useIntegration)
      onChanged(after)
      toasts.success(after.useIntegration ? t('inbox.actions.integrationTurnedOn') : t('inbox.actions.integrationTurnedOff'))
    } catch (e) {
      toastError(e)
    } finally {
      setBusy(false)
    }
  }

  const status = ticket.status
  const live = status === 'open' || status === 'group'
  const more = (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('inbox.actions.more')} relationship="label">
          <Button appearance="subtle" icon={<MoreVerticalRegular />} data-testid="ticket-more" />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {menuItems}
          {menuItems && <MenuDivider />}
          {(live || status === 'pending') && (
            <MenuItem icon={<ArrowForwardRegular />} onClick={() => setDialog('transfer')} data-testid="action-transfer">
              {t('inbox.actions.transfer')}
            </MenuItem>
          )}
          {live && (
            <MenuItem
              icon={<CalendarClockRegular />}
              onClick={openSchedule}
              data-testid="action-schedule"
            >
              {t('inbox.actions.schedule')}
            </MenuItem>
          )}
          {integrations && (live || status === 'pending') && ticket.integrationId && (
            <MenuItem
              icon={<BotRegular />}
              onClick={() => void toggleIntegration()}
              disabled={busy}
              data-testid="action-integration"
              data-on={ticket.useIntegration ? 'true' : 'false'}
            >
              {ticket.useIntegration ? t('inbox.actions.integrationOff') : t('inbox.actions.integrationOn')}
            </MenuItem>
          )}
          {chatShare && (
            <MenuItem icon={<ShareRegular />} onClick={() => setSharer(() => chatShare)} data-testid="action-share">
              {t('inbox.actions.share')}
            </MenuItem>
          )}
          <MenuItem icon={<HistoryRegular />} onClick={() => setDialog('log')} data-testid="action-log">
            {t('inbox.actions.log.title')}
          </MenuItem>
          {mayDelete(me) && (
            <MenuItem icon={<DeleteRegular />} onClick={() => setDialog('delete')} data-testid="action-delete">
              {t('inbox.actions.delete')}
            </MenuItem>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  )

  return (
    <div className={styles.bar} data-testid="ticket-actions">
      {status === 'pending' && (
        <>
          {mayIgnore(me) && (
            <Button
              appearance="subtle"
              icon={<DismissRegular />}
              disabled={busy}
              onClick={() => run('ignore', () => ignoreTicket(ticket))}
              data-testid="action-ignore"
            >
              {t('inbox.actions.ignore')}
            </Button>
          )}
          <Button
            appearance="primary"
            icon={<CheckmarkRegular />}
            disabled={busy}
            onClick={() => (ticket.queueId ? run('accept', () => acceptTicket(ticket, me)) : setDialog('accept'))}
            data-testid="action-accept"
          >
            {t('inbox.actions.accept')}
          </Button>
        </>
      )}
      {status === 'open' && (
        <Tooltip content={t('inbox.actions.returnToQueue')} relationship="label">
          <Button
            appearance="subtle"
            icon={<ArrowUndoRegular />}
            disabled={busy}
            onClick={() => run('return', () => returnToQueue(ticket))}
            data-testid="action-return"
          />
        </Tooltip>
      )}
      {live && (
        <Button
          appearance="primary"
          icon={<CheckmarkRegular />}
          disabled={busy}
          onClick={() => setDialog('resolve')}
          data-testid="action-resolve"
        >
          {t('inbox.actions.resolve')}
        </Button>
      )}
      {status === 'closed' && (
        <Button
          appearance="primary"
          disabled={busy}
          onClick={() => (ticket.queueId ? void reopen() : setDialog('reopen'))}
          data-testid="action-reopen"
        >
          {t('inbox.actions.reopen')}
        </Button>
      )}
      {more}

      <QueuePickDialog
        open={dialog === 'accept'}
        title={t('inbox.actions.acceptTitle')}
        submitLabel={t('inbox.actions.accept')}
        onClose={() => setDialog(null)}
        onSubmit={(queueId) => run('accept', () => acceptTicket(ticket, me, queueId))}
      />
      <QueuePickDialog
        open={dialog === 'reopen'}
        title={t('inbox.actions.reopenTitle')}
        submitLabel={t('inbox.actions.reopen')}
        onClose={() => setDialog(null)}
        onSubmit={(queueId) => reopen(queueId)}
      />
      <ResolveDialog
        ticket={ticket}
        open={dialog === 'resolve'}
        onClose={() => setDialog(null)}
        onDone={(after) => done('resolve', after)}
      />
      <TransferDialog
        ticket={ticket}
        open={dialog === 'transfer'}
        onClose={() => setDialog(null)}
        onDone={(after) => done('transfer', after)}
      />
      <TicketLogDialog ticketId={ticket.id} open={dialog === 'log'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('inbox.actions.deleteTitle', { id: ticket.id })}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          try {
            await deleteTicket(ticket.id)
            toasts.success(t('inbox.actions.deleted'))
            done('delete', null)
          } catch (e) {
            toastError(e)
            throw e
          }
        }}
      >
        {t('inbox.actions.deleteText')}
      </ConfirmDialog>
      <AlreadyOpenDialog ticket={conflict} onClose={() => setConflict(null)} />
      {sharer && (
        <RouteEmbed component={sharer} route="/chats" embed={{ ticketId: ticket.id, onClose: () => setSharer(null) }} />
      )}
      {scheduler && ticket.contact && (
        <RouteEmbed
          component={scheduler}
          route="/schedules"
          embed={{ contact: { id: ticket.contact.id, name: ticket.contact.name }, onClose: () => setScheduler(null) }}
        />
      )}
    </div>
  )
}
