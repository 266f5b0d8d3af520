/**
 * A small language for conversation tests: a company with an API-channel
 * connection, its queues and settings, and contacts that "say" things through
 * the real inbound pipeline. `says` answers the bot's replies to that message
 * (bot/system texts stored with from_me, U+200E stripped), so a test reads
 * "contact says X → bot answers Y".
 */
import db from '@adonisjs/lucid/services/db'
import { tenancy } from '#core/tenancy'
import { conversation } from '#core/conversation'
import { unitOfWork } from '#core/unit_of_work'
import { companySettings } from '#core/settings'
import type { InboundEvent } from '#core/channels'
import { Queue } from '#core/models'
import { createTenant, uid, type TenantWorld } from '#tests/helpers/world'
import {
  createConnection,
  ingest,
  message,
  rand,
  recordingDriver,
  startWorkers,
  waitProcessed,
} from '#tests/helpers/inbox'

export const MARK = '\u200e'
export const strip = (s: string) => s.replaceAll(MARK, '')

/** Weekly schedule with the same shifts every day. */
export function everyDay(a: [string, string] | null, b: [string, string] | null = null) {
  return ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((weekdayEn) => ({
    weekday: weekdayEn,
    weekdayEn,
    startTimeA: a?.[0] ?? '',
    endTimeA: a?.[1] ?? '',
    startTimeB: b?.[0] ?? '',
    endTimeB: b?.[1] ?? '',
  }))
}

/** Schedules closed all day (an end is needed for a shift to be used). */
export const closedAllDay = () => everyDay(null, null)
export const openAllDay = () => everyDay(['00:00', '23:59'])

export interface QueueSpec {
  name?: string
  greetingMessage?: string | null
  outOfHoursMessage?: string | null
  closeTicket?: boolean
  schedules?: unknown[]
  orderQueue?: number | null
  ativarRoteador?: boolean
  tempoRoteador?: number
}

export class Company {
  readonly driver = recordingDriver()
  constructor(
    readonly world: TenantWorld,
    readonly whatsappId: number
  ) {}

  get id() {
    return this.world.company.id
  }

  /** Company settings (keys of the settings registry). */
  async set(settings: Record<string, string>) {
    await tenancy.run(this.id, async () => {
      for (const [k, v] of Object.entries(settings)) await companySettings.set(k, v)
    })
    return this
  }

  /** Connection columns (snake_case as stored). */
  async connection(fields: Record<string, unknown>) {
    const f = { ...fields }
    if (f.schedules) f.schedules = JSON.stringify(f.schedules)
    await db.from('whatsapps').where('id', this.whatsappId).update(f)
    return this
  }

  async company(fields: Record<string, unknown>) {
    const f = { ...fields }
    if (f.schedules) f.schedules = JSON.stringify(f.schedules)
    await db.from('companies').where('id', this.id).update(f)
    return this
  }

  /** A queue attached to the connection. */
  async queue(spec: QueueSpec = {}) {
    const q = await tenancy.run(this.id, () =>
      Queue.create({
        name: spec.name ?? `Q ${uid()}`,
        color:
          '#' +
          Math.floor(Math.random() * 0xffffff)
            .toString(16)
            .padStart(6, '0'),
        greetingMessage: spec.greetingMessage ?? null,
        outOfHoursMessage: spec.outOfHoursMessage ?? null,
        closeTicket: spec.closeTicket ?? false,
        orderQueue: spec.orderQueue ?? null,
        schedules: spec.schedules ?? [],
        ativarRoteador: spec.ativarRoteador ?? false,
        tempoRoteador: spec.tempoRoteador ?? 0,
      } as any)
    )
    await db.table('whatsapp_queues').insert({ whatsapp_id: this.whatsappId, queue_id: q.id })
    return q
  }

  /** A chatbot option (root of a queue, or under another option). */
  async option(
    parent: { queueId: number } | { chatbotId: number },
    fields: {
      name: string
      greetingMessage?: string | null
      queueType?: string
      optQueueId?: number
      optUserId?: number
      closeTicket?: boolean
    }
  ) {
    const [row] = await db
      .table('chatbots')
      .insert({
        company_id: this.id,
        queue_id: 'queueId' in parent ? parent.queueId : null,
        chatbot_id: 'chatbotId' in parent ? parent.chatbotId : null,
        name: fields.name,
        greeting_message: fields.greetingMessage ?? null,
        queue_type: fields.queueType ?? 'text',
        opt_queue_id: fields.optQueueId ?? null,
        opt_user_id: fields.optUserId ?? null,
        close_ticket: fields.closeTicket ?? false,
      })
      .returning('id')
    return Number(row.id ?? row)
  }

  contact(name = 'Maria Souza', number = rand()) {
    return new Chat(this, number, name)
  }

  async close() {
    this.driver.restore()
  }
}

export async function company(connection: Record<string, unknown> = {}) {
  await startWorkers()
  const world = await createTenant()
  const w = await createConnection(world.company, { isDefault: true } as any)
  const c = new Company(world, w.id)
  if (Object.keys(connection).length) await c.connection(connection)
  return c
}

export class Chat {
  #seen = 0
  constructor(
    readonly owner: Company,
    readonly number: string,
    readonly name: string
  ) {}

  /** The contact sends a message; answers the bot's replies to it, in order. */
  async says(body: string, extra: Partial<InboundEvent> = {}) {
    await ingest(
      this.owner.world,
      message(this.owner.whatsappId, this.number, body, {
        contact: { number: this.number, name: this.name },
        ...extra,
      })
    )
    await waitProcessed(this.owner.id)
    return this.newReplies()
  }

  /**
   * The engine's answer to a message at a chosen instant (controlled clock):
   * the hook the inbox calls, run on the contact's existing ticket in a
   * transaction of its own. The contact must have written once before.
   */
  async saysAt(body: string, now: Date) {
    const t = await this.ticket()
    await tenancy.run(this.owner.id, () =>
      unitOfWork(async (tx) => {
        const port = conversation.inbox()
        const ticket = (await port.lockTicket(tx, t.id))!
        const contact = (await port.contact(tx, ticket.contactId))!
        await conversation.afterInbound({
          tx,
          companyId: this.owner.id,
          ticket,
          ticketCreated: false,
          contact,
          message: { id: 0, body, mediaType: null },
          whatsappId: this.owner.whatsappId,
          now,
        })
      })
    )
    return this.newReplies()
  }

  async sendsAudio() {
    return this.says('', { mediaType: 'audio', mediaUrl: 'https://example.test/a.ogg' } as any)
  }

  /** Bot/agent messages (from_me, not private) not returned before. */
  async newReplies() {
    const all = await this.replies()
    const fresh = all.slice(this.#seen)
    this.#seen = all.length
    return fresh
  }

  async replies() {
    const contact = await this.contactRow()
    if (!contact) return []
    const rows = await db
      .from('messages')
      .where({ company_id: this.owner.id, contact_id: contact.id, from_me: true, is_private: false })
      .orderBy('id')
      .select('body')
    return rows.map((r: any) => strip(r.body))
  }

  contactRow() {
    return db.from('contacts').where({ company_id: this.owner.id, number: this.number }).first()
  }

  /** The contact's newest ticket. */
  async ticket() {
    const contact = await this.contactRow()
    return db.from('tickets').where({ company_id: this.owner.id, contact_id: contact.id }).orderBy('id', 'desc').first()
  }

  async logs() {
    const t = await this.ticket()
    const rows = await db.from('ticket_logs').where('ticket_id', t.id).orderBy('id').select('type')
    return rows.map((r: any) => r.type as string)
  }

  /** Moves the ticket's clock back (as if `minutes` had passed since its last change). */
  async ago(minutes: number, column = 'updated_at') {
    const t = await this.ticket()
    await db
      .from('tickets')
      .where('id', t.id)
      .update({ [column]: new Date(Date.now() - minutes * 60_000) })
  }
}

/** The bot's main menu as the engine lays it out. */
export const mainMenu = (greeting: string, queues: string[]) =>
  `${greeting}\n\n${queues.map((q, i) => `*[ ${i + 1} ]* - ${q}`).join('\n')}\n*[ Sair ]* - Encerrar atendimento`

export const optionsMenu = (greeting: string, options: string[], endLine = false) =>
  `${greeting}\n\n${[
    ...options.map((q, i) => `*[ ${i + 1} ]* - ${q}`),
    '*[ # ]* - Voltar ao menu principal',
    ...(endLine ? ['*[ Sair ]* - Encerrar atendimento'] : []),
  ].join('\n')}`
