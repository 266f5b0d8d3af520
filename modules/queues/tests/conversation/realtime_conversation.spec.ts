/**
 * One commit, one ticket update: a message the bot answers changes the ticket
 * twice in one transaction (the message, then the bot's counters and queue),
 * and each agent receives one `ticket` update event for it, not one per change.
 */
import { test } from '@japa/runner'
import { listen } from '#tests/helpers/realtime'
import { company, type Company } from './dsl.js'

const base = () => `http://${process.env.HOST}:${process.env.PORT}`

let current: Company | null = null

test.group('conversation: realtime events of one inbound message', (group) => {
  group.each.teardown(async () => {
    await current?.close()
    current = null
  })

  test('a bot-answered message sends the ticket update event once', async ({ assert }) => {
    const c = (current = await company())
    await c.queue({ name: 'Suporte' })
    await c.queue({ name: 'Vendas' })
    const maria = c.contact('Maria Souza')
    await maria.says('oi') // the ticket exists; the bot sent the menu

    const l = listen(base(), c.world.adminToken)
    try {
      await l.subscribe(`company/${c.id}/user/${c.world.admin.id}`)
      const replies = await maria.says('2') // a valid choice: the bot routes and answers
      assert.lengthOf(replies, 0) // a queue without greeting: routed silently
      const t = await maria.ticket()
      const ticketUpdates = () =>
        l.messages.filter(
          (m) => m.event === `company-${c.id}-ticket` && m.action === 'update' && Number(m.ticket?.id) === Number(t.id)
        )
      await l.waitFor((m) => m.event === `company-${c.id}-ticket` && m.action === 'update', 5000)
      // let any second event arrive
      await new Promise((r) => setTimeout(r, 700))
      assert.lengthOf(ticketUpdates(), 1)
      assert.equal(ticketUpdates()[0].ticket.queueId, t.queue_id)
    } finally {
      l.close()
    }
  })

  test('a message the bot answers with the menu again sends the ticket update event once', async ({ assert }) => {
    const c = (current = await company())
    await c.queue({ name: 'Suporte' })
    await c.queue({ name: 'Vendas' })
    const maria = c.contact('Maria Souza')
    await maria.says('oi')
    const l = listen(base(), c.world.adminToken)
    try {
      await l.subscribe(`company/${c.id}/user/${c.world.admin.id}`)
      const replies = await maria.says('nada') // an invalid choice: the menu again, the bot counter moves
      assert.lengthOf(replies, 1)
      const t = await maria.ticket()
      await l.waitFor((m) => m.event === `company-${c.id}-ticket` && m.action === 'update', 5000)
      await new Promise((r) => setTimeout(r, 700))
      const updates = l.messages.filter(
        (m) => m.event === `company-${c.id}-ticket` && m.action === 'update' && Number(m.ticket?.id) === Number(t.id)
      )
      assert.lengthOf(updates, 1)
    } finally {
      l.close()
    }
  })
})
