/**
 * The queues remote's chatbot tree (remotes/queues/src/chatbotTree.ts): pure
 * edits by path, validation and the payload of PUT /queue/:id.
 */
import { test } from '@japa/runner'
import type { ChatbotOption } from '../../remotes/queues/src/chatbotOption.js'
import {
  MAX_DEPTH,
  addChild,
  blankOption,
  fromServer,
  missingMenuMessage,
  move,
  optionErrors,
  optionId,
  optionLabel,
  toPayload,
  treeValid,
  updateAt,
  type DraftOption,
} from '../../remotes/queues/src/chatbotTree.js'

const server = (id: number, name: string, options: ChatbotOption[] = []): ChatbotOption => ({
  id,
  name,
  queueType: 'text',
  greetingMessage: null,
  closeTicket: false,
  optUserId: null,
  optQueueId: null,
  optIntegrationId: null,
  optFileId: null,
  options,
})

const draft = (name: string, patch: Partial<DraftOption> = {}): DraftOption => ({ ...blankOption(), name, ...patch })
const names = (list: DraftOption[]): unknown[] =>
  list.map((o) => (o.options.length ? [o.name, names(o.options)] : o.name))

test.group('chatbot tree', () => {
  test('fromServer fills the defaults and gives every option its own key', ({ assert }) => {
    const list = fromServer([server(1, 'Sales', [server(3, 'New'), server(4, 'Used')]), server(2, 'Support')])
    assert.deepEqual(names(list), [['Sales', ['New', 'Used']], 'Support'])
    assert.equal(list[0].greetingMessage, '')
    assert.isNull(list[0].optQueueId)
    const keys = [list[0].key, list[1].key, list[0].options[0].key, list[0].options[1].key]
    assert.lengthOf(new Set(keys), 4)
    assert.deepEqual(fromServer(undefined), [])
  })

  test('updateAt replaces or removes the option at a path without touching the input', ({ assert }) => {
    const list = [draft('Sales', { options: [draft('New'), draft('Used')] }), draft('Support')]
    const renamed = updateAt(list, [0, 1], (o) => ({ ...o, name: 'Second hand' }))
    assert.deepEqual(names(renamed), [['Sales', ['New', 'Second hand']], 'Support'])
    assert.deepEqual(names(list), [['Sales', ['New', 'Used']], 'Support'])
    assert.strictEqual(renamed[1], list[1])
    assert.deepEqual(names(updateAt(list, [0, 0], () => null)), [['Sales', ['Used']], 'Support'])
    assert.deepEqual(names(updateAt(list, [1], () => null)), [['Sales', ['New', 'Used']]])
    assert.deepEqual(names(updateAt(list, [5], () => null)), names(list))
  })

  test('addChild appends a blank sub-option', ({ assert }) => {
    const list = addChild([draft('Sales')], [0])
    assert.lengthOf(list[0].options, 1)
    assert.equal(list[0].options[0].name, '')
    assert.equal(list[0].options[0].queueType, 'text')
  })

  test('move swaps with the neighbour and stops at both ends', ({ assert }) => {
    const list = [draft('A'), draft('B', { options: [draft('B1'), draft('B2'), draft('B3')] }), draft('C')]
    assert.deepEqual(names(move(list, [0], 1)), [['B', ['B1', 'B2', 'B3']], 'A', 'C'])
    assert.deepEqual(names(move(list, [0], -1)), names(list))
    assert.deepEqual(names(move(list, [2], 1)), names(list))
    assert.deepEqual(names(move(list, [1, 2], -1)), ['A', ['B', ['B1', 'B3', 'B2']], 'C'])
    assert.deepEqual(names(move(list, [1, 0], -1)), names(list))
  })

  test('an option needs a name of 4 characters and the target of its type', ({ assert }) => {
    assert.deepEqual(optionErrors(draft('  ')), { name: 'validation.required' })
    assert.deepEqual(optionErrors(draft(' abc ')), { name: 'validation.tooShort' })
    assert.deepEqual(optionErrors(draft('Sales')), {})
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'queue' })), { target: 'validation.required' })
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'queue', optQueueId: 2 })), {})
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'attendent', optQueueId: 2 })), {
      target: 'validation.required',
    })
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'attendent', optQueueId: 2, optUserId: 3 })), {})
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'integration' })), { target: 'validation.required' })
    assert.deepEqual(optionErrors(draft('Sales', { queueType: 'file', optFileId: 1 })), {})
  })

  test('treeValid looks at every level', ({ assert }) => {
    assert.isTrue(treeValid([]))
    assert.isTrue(treeValid([draft('Sales', { options: [draft('Used')] })]))
    assert.isFalse(treeValid([draft('Sales', { options: [draft('Use')] })]))
    assert.isFalse(treeValid([draft('Sales', { options: [draft('Used', { options: [draft('')] })] })]))
  })

  test('labels, ids and the missing menu message warning', ({ assert }) => {
    assert.equal(optionLabel([0, 2, 1]), '1.3.2')
    assert.equal(optionId([0, 2, 1]), '1-3-2')
    assert.equal(MAX_DEPTH, 4)
    assert.isFalse(missingMenuMessage(draft('Sales')))
    assert.isTrue(missingMenuMessage(draft('Sales', { greetingMessage: '  ', options: [draft('Used')] })))
    assert.isFalse(missingMenuMessage(draft('Sales', { greetingMessage: 'Pick one', options: [draft('Used')] })))
  })

  test('toPayload trims, clears the targets of other types and nulls an empty message', ({ assert }) => {
    const [o] = toPayload([
      draft('  Sales ', {
        queueType: 'attendent',
        optQueueId: 2,
        optUserId: 3,
        optIntegrationId: 9,
        optFileId: 8,
        greetingMessage: '  ',
        closeTicket: true,
      }),
    ])
    assert.deepEqual(o, {
      name: 'Sales',
      queueType: 'attendent',
      greetingMessage: null,
      closeTicket: true,
      optQueueId: 2,
      optUserId: 3,
      optIntegrationId: null,
      optFileId: null,
      options: [],
    })
    const [q] = toPayload([
      draft('Queue', { queueType: 'queue', optQueueId: 2, optUserId: 3, greetingMessage: ' Hi ' }),
    ])
    assert.equal(q.greetingMessage, 'Hi')
    assert.equal(q.optQueueId, 2)
    assert.isNull(q.optUserId)
  })

  test('toPayload keeps ids while a level follows them, and drops them below a reordered level', ({ assert }) => {
    const list = fromServer([server(1, 'Sales', [server(3, 'New'), server(4, 'Used')]), server(2, 'Support')])
    const kept = toPayload(list)
    assert.deepEqual(
      kept.map((o) => [o.id, o.options.map((c) => c.id)]),
      [
        [1, [3, 4]],
        [2, []],
      ]
    )
    // a new option at the end keeps the ids before it
    const added = toPayload([...list, blankOption()])
    assert.deepEqual(
      added.map((o) => o.id),
      [1, 2, undefined]
    )
    // reordered root level: no ids at all, so the server recreates the tree in the order shown
    const swapped = toPayload(move(list, [0], 1))
    assert.deepEqual(
      swapped.map((o) => [o.id, o.options.map((c) => c.id)]),
      [
        [undefined, []],
        [undefined, [undefined, undefined]],
      ]
    )
    // reordered sub-level: the root keeps its ids, that level loses them
    const inner = toPayload(move(list, [0, 1], -1))
    assert.deepEqual(
      inner.map((o) => [o.id, o.options.map((c) => c.id)]),
      [
        [1, [undefined, undefined]],
        [2, []],
      ]
    )
  })
})
