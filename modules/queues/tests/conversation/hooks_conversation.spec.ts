/**
 * The conversation hooks are an extension point: several plugins contribute,
 * each runs in plugin order inside the inbox's unit of work, and what one
 * contributor registers after commit runs once the message committed.
 */
import { test } from '@japa/runner'
import { conversation, type InboundContext } from '#core/conversation'
import { tenancy } from '#core/tenancy'
import { unitOfWork } from '#core/unit_of_work'
import { waitFor } from '#tests/helpers/inbox'
import { company, strip, type Company } from './dsl.js'

let current: Company | null = null

test.group('conversation: several hook contributors', (group) => {
  group.each.teardown(async () => {
    conversation.removeHooks('test-bot')
    await current?.close()
    current = null
  })

  test('a second contributor runs after the engine, in the same unit of work, and can answer too', async ({
    assert,
  }) => {
    const c = (current = await company({ greeting_message: 'Olá!' }))
    await c.queue({ name: 'Suporte' })
    await c.queue({ name: 'Vendas' })
    const calls: string[] = []
    let committedAfter = false
    conversation.addHooks('test-bot', {
      async afterInbound(ctx: InboundContext) {
        calls.push(ctx.message.body)
        const ticket = (await conversation.inbox().lockTicket(ctx.tx, ctx.ticket.id))!
        // the engine already answered in this unit: its bot counter moved
        assert.equal(ticket.amountUsedBotQueues, 1)
        await conversation.inbox().send(ctx.tx, ticket, { body: 'também estou aqui' })
        ctx.tx.afterCommit(() => {
          committedAfter = true
        })
      },
    })
    assert.throws(() => conversation.addHooks('test-bot', {}), /already contributes/)
    const replies = (await c.contact('Maria Souza').says('oi')).map(strip)
    assert.deepEqual(calls, ['oi'])
    assert.lengthOf(replies, 2)
    assert.match(replies[0], /^Olá!/) // the engine's menu first (plugin order)
    assert.equal(replies[1], 'também estou aqui')
    // after-commit work runs after the replies were queued: wait for it rather than race the outbox
    await waitFor(async () => committedAfter, 10_000)
    assert.isTrue(committedAfter)
  })

  test('resolving: the ticket waits for a rating when any contributor asks for it', async ({ assert }) => {
    let asked = 0
    conversation.addHooks('test-bot', {
      async resolving() {
        asked++
        return 'nps'
      },
    })
    const c = (current = await company())
    const maria = c.contact('Maria Souza')
    await maria.says('oi')
    const t = await maria.ticket()
    const answer = await tenancy.run(c.id, () =>
      unitOfWork(async (tx) => {
        const ticket = (await conversation.inbox().lockTicket(tx, t.id))!
        return conversation.resolving({
          tx,
          companyId: c.id,
          ticket,
          before: { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId },
          actorUserId: null,
          sendFarewell: false,
        })
      })
    )
    assert.equal(asked, 1)
    assert.equal(answer, 'nps')
  })
})
