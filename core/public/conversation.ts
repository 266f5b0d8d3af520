/**
 * The conversation contract between the inbox (tickets, messages, contacts)
 * and the conversation engine (greeting, menus, chatbot, LGPD, NPS, …).
 *
 * - The inbox implements an InboxPort and registers it; the engine acts on
 *   tickets only through it.
 * - Plugins contribute ConversationHooks (the engine, bots, campaign
 *   confirmations, …): an extension point with several contributors, run in
 *   plugin order (manifests' `dependsOn`). The inbox calls them INSIDE the
 *   transaction of the event or transition (the ticket row locked), so the
 *   bot's replies (outbox rows) and ticket changes commit together with the
 *   event: a crash never loses or doubles a reply.
 * Everything a hook or port call wants to happen after the commit (outbox
 * queueing, realtime) is registered with `tx.afterCommit(fn)` on the unit of
 * work (#core/unit_of_work); the opener of the unit runs it.
 */
import { ExtensionPoint, SingleSlot } from './extensions.js'
import type { UnitOfWork } from './unit_of_work.js'
import type Whatsapp from '#models/whatsapp'

export type { AfterCommit } from './unit_of_work.js'

/** The unit of work a conversation step runs in: `trx`, plus `afterCommit(fn)`. */
export type ConversationTx = UnitOfWork

export type ConversationTicketStatus = 'pending' | 'open' | 'closed' | 'group' | 'nps' | 'lgpd'

export interface ConversationTicket {
  id: number
  status: ConversationTicketStatus
  contactId: number
  whatsappId: number | null
  queueId: number | null
  userId: number | null
  isGroup: boolean
  isBot: boolean
  fromMe: boolean
  /** times the bot answered since the last valid choice (maxUseBotQueues) */
  amountUsedBotQueues: number
  /** when the bot last answered (timeUseBotQueues) */
  botAnsweredAt: Date | null
  /** chatbot option the contact is currently in (null: the queue's root options) */
  chatbotStageId: number | null
  isOutOfHour: boolean
  lgpdSentAt: Date | null
  lgpdAcceptedAt: Date | null
  /** rating prompts sent (maxUseBotQueuesNPS) */
  npsAttempts: number
  sendInactiveMessage: boolean
  /** a queue integration (integrationId) talks to the contact instead of the menu/chatbot */
  useIntegration: boolean
  integrationId: number | null
  updatedAt: Date
}

export interface ConversationContact {
  id: number
  name: string
  number: string
  isGroup: boolean
  disableBot: boolean
  acceptAudioMessage: boolean
  lgpdAcceptedAt: Date | null
}

export interface ConversationMessage {
  id: number
  body: string
  mediaType: string | null
}

/** Fields the engine may change; `log` adds a ticket log row in the same transaction. */
export interface TicketPatch {
  status?: ConversationTicketStatus
  queueId?: number | null
  userId?: number | null
  isBot?: boolean
  amountUsedBotQueues?: number
  botAnsweredAt?: Date | null
  chatbotStageId?: number | null
  isOutOfHour?: boolean
  lgpdSentAt?: Date | null
  lgpdAcceptedAt?: Date | null
  npsAttempts?: number
  sendInactiveMessage?: boolean
  unreadMessages?: number
  useIntegration?: boolean
  integrationId?: number | null
}

export interface TicketLogEntry {
  type: string
  userId?: number | null
  queueId?: number | null
}

export interface BotMessage {
  body: string
  mediaUrl?: string | null
  mediaType?: string | null
  mediaName?: string | null
  /** the message this one answers (e.g. the refused audio) */
  quotedMessageId?: number | null
  /** the agent on whose behalf it goes (farewell, accept greeting); null for the bot */
  userId?: number | null
}

/** Filter for the engine's sweeps (one company: the caller's tenant scope). */
export interface TicketSweep {
  statuses: ConversationTicketStatus[]
  whatsappId?: number
  queueId?: number
  /** only tickets not updated since */
  idleSince?: Date
  withoutQueue?: boolean
  withoutUser?: boolean
  fromMe?: boolean
  sendInactiveMessage?: boolean
  isGroup?: boolean
  limit?: number
}

export interface InboxPort {
  /** Locks and reads a ticket in the transaction; null when it does not exist. */
  lockTicket(tx: ConversationTx, ticketId: number): Promise<ConversationTicket | null>
  contact(tx: ConversationTx, contactId: number): Promise<ConversationContact | null>
  setContactLgpdAccepted(tx: ConversationTx, contactId: number, at: Date): Promise<void>
  /** Stores a bot/system message (U+200E marked) and queues it for sending after commit. */
  send(tx: ConversationTx, ticket: ConversationTicket, message: BotMessage): Promise<number>
  /** Changes a ticket (with an optional log row) and emits the realtime update after commit. */
  update(
    tx: ConversationTx,
    ticket: ConversationTicket,
    patch: TicketPatch,
    log?: TicketLogEntry
  ): Promise<ConversationTicket>
  /** Tickets waiting in a queue without an agent (position in the queue). */
  waitingInQueue(tx: ConversationTx, queueId: number): Promise<number>
  /** Ids of tickets matching a sweep, oldest first. */
  sweep(filter: TicketSweep): Promise<number[]>
}

export interface InboundContext {
  tx: ConversationTx
  companyId: number
  ticket: ConversationTicket
  ticketCreated: boolean
  contact: ConversationContact
  message: ConversationMessage
  whatsappId: number
  now: Date
}

export interface TransitionContext {
  tx: ConversationTx
  companyId: number
  ticket: ConversationTicket
  before: { status: string; userId: number | null; queueId: number | null }
  /** the agent who made the change */
  actorUserId: number | null
}

export interface ResolveContext extends TransitionContext {
  /** false: "close without farewell" (no farewell, no rating) */
  sendFarewell: boolean
}

/** The bot put the ticket in a queue (menu choice or single-queue auto-assign). */
export interface QueueEnteredContext extends InboundContext {
  queue: { id: number; integrationId: number | null; fileListId: number | null }
}

/** The contact chose a chatbot option of a type a plugin serves ('file', 'integration'). */
export interface ChatbotOptionContext extends InboundContext {
  option: { id: number; queueType: string; optIntegrationId: number | null; optFileId: number | null }
}

/** What quiet() sees: the ticket as it is and its connection's collective-vacation settings. */
export interface QuietContext {
  companyId: number
  ticket: ConversationTicket
  connection: {
    collectiveVacationMessage: string | null
    collectiveVacationStart: Date | null
    collectiveVacationEnd: Date | null
  }
}

/**
 * What one plugin contributes to the conversation. Every member is optional:
 * a contributor implements the moments it cares about.
 */
export interface ConversationHooks {
  /** After an inbound (not fromMe) message was stored. */
  afterInbound?(ctx: InboundContext): Promise<void>
  /**
   * Whether afterInbound would do nothing at all (no reply, no change) with a
   * plain text message on this ticket: lets the inbox store a burst of such
   * messages set-wise without asking per message. A contributor with
   * afterInbound and no quiet() is asked per message.
   */
  quiet?(ctx: QuietContext): boolean
  /**
   * An agent resolves a ticket: a contributor answers 'nps' when the ticket
   * waits for a rating (and queues the rating prompt), or 'closed' / nothing.
   * The ticket waits for a rating when any contributor answers 'nps'. Called
   * before the inbox writes the new status.
   */
  resolving?(ctx: ResolveContext): Promise<'nps' | 'closed' | void>
  /**
   * A bot attached to the connection or the ticket (AI prompt, queue
   * integration) answers the message instead of the engine's menu and
   * chatbot. Asked by the engine after its hours/audio/disableBot rules; the
   * first contributor answering true owns the message.
   */
  takeover?(ctx: InboundContext): Promise<boolean>
  /** After the bot put the ticket in a queue: the queue's attachments (file list, integration). */
  queueEntered?(ctx: QueueEnteredContext): Promise<void>
  /** A chatbot option of a plugin's type was chosen (the engine then goes on with its greeting/sub-options). */
  chatbotOption?(ctx: ChatbotOptionContext): Promise<void>
  /** After an agent accepted a pending ticket. */
  accepted?(ctx: TransitionContext): Promise<void>
  /** After an agent transferred a ticket (queue and/or user changed). */
  transferred?(ctx: TransitionContext): Promise<void>
}

const port = new SingleSlot<InboxPort>('inbox port')
const hooks = new ExtensionPoint<ConversationHooks>('conversation hooks')
let whatsappModel: Promise<typeof import('#models/whatsapp')> | null = null

export const conversation = {
  /** The inbox registers the one port (a second registration throws). */
  setInboxPort(owner: string, p: InboxPort) {
    port.set(owner, p)
  },
  /** A plugin contributes its hooks (one contributor per plugin). */
  addHooks(plugin: string, h: ConversationHooks) {
    hooks.add(plugin, h)
  },
  /** Withdraws a plugin's hooks (tests). */
  removeHooks(plugin: string) {
    hooks.remove(plugin)
  },
  /** The inbox's port (throws when the inbox is not installed). */
  inbox(): InboxPort {
    return port.get()
  },
  /**
   * The connection an event came through, read once per transaction however
   * many rules and bot plugins ask (a drain batch shares it across its events).
   */
  connection(tx: ConversationTx, companyId: number, whatsappId: number): Promise<Whatsapp | null> {
    return tx.memo(`whatsapp:${companyId}:${whatsappId}`, async () => {
      // loaded lazily (plugins import this file before the app's models are booted), once: an
      // import() per call cost the module loader's resolution every time
      const { default: WhatsappModel } = await (whatsappModel ??= import('#models/whatsapp'))
      return WhatsappModel.query({ client: tx.trx }).where('id', whatsappId).first()
    })
  },
  hasHooks() {
    return hooks.size > 0
  },
  async afterInbound(ctx: InboundContext) {
    for (const h of hooks.list()) await h.afterInbound?.(ctx)
  },
  /** True when no contributor would act on a plain text message on the ticket (see ConversationHooks.quiet). */
  quiet(ctx: QuietContext): boolean {
    return hooks.list().every((h) => !h.afterInbound || (h.quiet?.(ctx) ?? false))
  },
  /** Whether a bot plugin took the inbound message over (the engine then stays quiet). */
  async takeover(ctx: InboundContext): Promise<boolean> {
    for (const h of hooks.list()) if (await h.takeover?.(ctx)) return true
    return false
  },
  /** Runs the queue's attachments; hooks keep `ctx.ticket` current, the latest ticket is returned. */
  async queueEntered(ctx: QueueEnteredContext): Promise<ConversationTicket> {
    for (const h of hooks.list()) await h.queueEntered?.(ctx)
    return ctx.ticket
  },
  /** Runs a plugin option type; hooks keep `ctx.ticket` current, the latest ticket is returned. */
  async chatbotOption(ctx: ChatbotOptionContext): Promise<ConversationTicket> {
    for (const h of hooks.list()) await h.chatbotOption?.(ctx)
    return ctx.ticket
  },
  async resolving(ctx: ResolveContext): Promise<'nps' | 'closed'> {
    let decision: 'nps' | 'closed' = 'closed'
    for (const h of hooks.list()) {
      if ((await h.resolving?.(ctx)) === 'nps') decision = 'nps'
    }
    return decision
  },
  async accepted(ctx: TransitionContext) {
    for (const h of hooks.list()) await h.accepted?.(ctx)
  },
  async transferred(ctx: TransitionContext) {
    for (const h of hooks.list()) await h.transferred?.(ctx)
  },
}
