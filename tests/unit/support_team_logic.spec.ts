/**
 * Pure logic behind issue #15's inbox, connections and queues fixes: the
 * ticket card's WhatsApp preview, the queue of a ticket opened from the
 * contacts page, option sources asked only when a module serves them, and
 * server field errors put back on their field and tab of the connection dialog.
 */
import { test } from '@japa/runner'
import { plainPreview, previewPieces } from '../../remotes/inbox/src/chat/whatsappFormat.js'
import { ticketQueueChoice } from '../../remotes/inbox/src/contacts/ticketQueue.js'
import { provides } from '../../packages/ui/src/modules/optionSources.js'
import {
  FIELD_OF_CODE,
  TAB_OF,
  firstErrorTab,
  serverFieldErrors,
  tabsWithErrors,
} from '../../remotes/connections/src/dialog/fieldErrors.js'

test.group('ticket card preview (#15 item 23)', () => {
  test('WhatsApp marks are drawn, never shown as asterisks', ({ assert }) => {
    const pieces = previewPieces('*Mariana Souza:* _bom dia_, tudo ~certo~?', 40)
    assert.deepEqual(pieces, [
      { mark: 'bold', text: 'Mariana Souza:' },
      { mark: 'text', text: ' ' },
      { mark: 'italic', text: 'bom dia' },
      { mark: 'text', text: ', tudo ' },
      { mark: 'strike', text: 'certo' },
      { mark: 'text', text: '?' },
    ])
    assert.notInclude(plainPreview(pieces), '*')
    assert.notInclude(plainPreview(pieces), '_')
  })

  test('the cut counts visible characters only, and folds line breaks', ({ assert }) => {
    const text = `*Mariana Souza:*\nquero saber o prazo de entrega do pedido 4521`
    const shown = plainPreview(previewPieces(text, 40))
    assert.equal(shown, `${'Mariana Souza: quero saber o prazo de entrega do pedido 4521'.slice(0, 40)}…`)
    // a cut inside a bold piece keeps it bold
    const cut = previewPieces('*um nome muito comprido que passa do limite*', 10)
    assert.deepEqual(cut, [
      { mark: 'bold', text: 'um nome mu' },
      { mark: 'text', text: '…' },
    ])
    // exactly at the limit: no ellipsis; past it: one
    assert.equal(plainPreview(previewPieces('*abc* de', 6)), 'abc de')
    assert.equal(plainPreview(previewPieces('*abc* def', 6)), 'abc de…')
    assert.deepEqual(previewPieces('   ', 40), [])
    assert.deepEqual(previewPieces(null, 40), [])
  })
})

test.group('queue of a ticket opened from the contacts page (#15 item 15)', () => {
  const q = (...ids: number[]) => ids.map((id) => ({ id }))
  test("the user's only queue is used without asking", ({ assert }) => {
    assert.deepEqual(ticketQueueChoice(q(7), false), { kind: 'use', queueId: 7 })
    assert.deepEqual(ticketQueueChoice(q(7), true, q(1, 2, 7)), { kind: 'use', queueId: 7 })
  })
  test('several queues are asked; none cannot open', ({ assert }) => {
    assert.deepEqual(ticketQueueChoice(q(1, 2), false), { kind: 'ask' })
    assert.deepEqual(ticketQueueChoice(q(), false), { kind: 'none' })
    // an admin in no queue picks among the company's, or gets its only one
    assert.deepEqual(ticketQueueChoice(q(), true, q(3, 4)), { kind: 'ask' })
    assert.deepEqual(ticketQueueChoice(q(), true, q(3)), { kind: 'use', queueId: 3 })
    assert.deepEqual(ticketQueueChoice(q(), true, q()), { kind: 'none' })
  })
})

test.group('option sources of other modules (#15 item 8)', () => {
  const inbox = { name: 'inbox', menu: [{ path: '/tickets' }], remote: { routes: ['/tickets', '/contacts'] } }
  const queues = { name: 'queues', menu: [{ path: '/queues' }], remote: { routes: ['/queues'] } }
  test('nothing is asked while no enabled module serves the feature', ({ assert }) => {
    assert.isFalse(provides([inbox, queues], 'queueIntegrations'))
    assert.isFalse(provides([inbox, queues], 'files'))
    assert.isFalse(provides([], 'files'))
    assert.isFalse(provides([inbox, queues], 'prompts'))
  })
  test('a module serving the page (route, menu or name) enables its source', ({ assert }) => {
    const integrations = { name: 'x', menu: [], remote: { routes: ['/queue-integration'] } }
    const files = { name: 'y', menu: [{ path: '/files' }], remote: null }
    const prompts = { name: 'prompts' }
    assert.isTrue(provides([inbox, integrations], 'queueIntegrations'))
    assert.isTrue(provides([files], 'files'))
    assert.isFalse(provides([files], 'queueIntegrations'))
    assert.isTrue(provides([prompts], 'prompts'))
  })
})

test.group('connection dialog: server errors on their field and tab (#15 item 10)', () => {
  test('a code that concerns one field marks it (the greeting on the Messages tab)', ({ assert }) => {
    const found = serverFieldErrors('ERR_WAPP_GREETING_REQUIRED', [])
    assert.deepEqual(found.form, { greetingMessage: 'errors.ERR_WAPP_GREETING_REQUIRED' })
    assert.equal(firstErrorTab(found), 'messages')
    assert.equal(TAB_OF[FIELD_OF_CODE.ERR_WAPP_GREETING_REQUIRED], 'messages')
  })
  test('listed fields map to their rule and tab; settings to the channel tab', ({ assert }) => {
    const found = serverFieldErrors('ERR_VALIDATION', [
      { field: 'collectiveVacationEnd', rule: 'afterStart' },
      { field: 'settings.callbackUrl', rule: 'url' },
    ])
    assert.deepEqual(found.form, { collectiveVacationEnd: 'connections.validation.vacationEnd' })
    assert.deepEqual(found.settings, { callbackUrl: 'connections.validation.url' })
    assert.equal(firstErrorTab(found), 'messages')
    assert.equal(
      firstErrorTab(serverFieldErrors('ERR_VALIDATION', [{ field: 'settings.x', rule: 'required' }])),
      'channel'
    )
    // an answer about no field (a plan limit) leaves the dialog as it is
    assert.isNull(firstErrorTab(serverFieldErrors('ERR_PLAN_CONNECTIONS_LIMIT', [])))
  })
  test('every tab holding an error is marked', ({ assert }) => {
    const errors: Record<string, string> = { greetingMessage: 'x', expiresTicketNPS: 'y' }
    const tabs = tabsWithErrors((k) => errors[k], { token: undefined })
    assert.sameMembers([...tabs], ['messages', 'assessments'])
    assert.sameMembers([...tabsWithErrors(() => undefined, { callbackUrl: 'z' })], ['channel'])
  })
})
